"""python -m bench answer_facts

Do answer facts help a repeated or paraphrased question? On the demo knowledge base (Moneta help + finance
education, loaded with knowledge.demo), as a scratch user:
1. baseline: each paraphrase (and each original question, repeated) is searched the way the chat searches
   (the default assistant's settings); the gold is the fact the first answer cited;
2. each original question is asked through chat_turn (offline model) and, when the answer is cited, confident
   and cites its expected document, it is kept as an answer fact, as a helpful rating would;
3. the same searches again; a hit is the gold fact itself or an answer fact based on it, among the first k.
It also checks that a second scratch user finds none of the first user's answer facts. Both users are deleted
at the end. Figures: fact-level hit@1, hit@5 and MRR with and without answer facts.
"""
from __future__ import annotations

import time

from bench.common import django_setup, write_results

# (original question, paraphrase, expected source file)
PAIRS = [
    ("What is the 50/30/20 rule?", "how should I split my take-home pay between needs, wants and savings",
     "budgeting-methods.md"),
    ("What is zero-based budgeting?", "budget where every dollar gets a job", "budgeting-methods.md"),
    ("What is compound interest?", "earning interest on interest explained", "compound-interest.md"),
    ("What is the rule of 72?", "how fast does money double at a given rate", "compound-interest.md"),
    ("What affects my credit score?", "which factors decide a credit rating", "credit-scores.md"),
    ("How can I improve my credit score?", "ways to raise a low credit rating", "credit-scores.md"),
    ("How big should an emergency fund be?", "how many months of expenses to keep for emergencies",
     "emergency-fund.md"),
    ("Where should I keep my emergency fund?", "best place to park rainy-day savings", "emergency-fund.md"),
    ("What is inflation?", "why do prices keep rising over time", "inflation.md"),
    ("How do I protect my savings from inflation?", "keeping my money's value when prices go up", "inflation.md"),
    ("How does Moneta choose a category for a transaction?", "how are my purchases categorised automatically",
     "auto-categorisation.md"),
    ("What happens when I correct a category?", "if I fix a wrong category does the app learn",
     "auto-categorisation.md"),
    ("How is a jar's status calculated?", "when is a budget envelope at risk or over budget", "budget-jars.md"),
    ("What is jar rollover?", "does unspent jar money carry over to next month", "budget-jars.md"),
    ("How are budget suggestions computed?", "where do the suggested budget amounts come from",
     "budget-suggestions.md"),
    ("How does Moneta detect subscriptions?", "how does the app find my recurring charges", "subscriptions.md"),
    ("What happens when a subscription price changes?", "will I be told if Netflix gets more expensive",
     "subscriptions.md"),
    ("How do I import my transactions?", "uploading a bank statement CSV into Moneta", "getting-started.md"),
    ("Can I search my transactions in Vietnamese?", "does transaction search understand Vietnamese",
     "transaction-search.md"),
    ("What happens when the assistant is not confident?", "when does the chatbot hand my question to a human",
     "chat-assistant.md"),
]
K = 5


def _ranks(assistant, query: str, gold: int) -> int | None:
    results = assistant.search_knowledge_base(query=query)["results"]
    for i, r in enumerate(results[:10], 1):
        if r["fact_id"] == gold or gold in {s["fact_id"] for s in r.get("based_on", [])}:
            return i
    return None


def _metrics(ranks: list[int | None]) -> dict:
    n = len(ranks) or 1
    return {"hit@1": round(sum(1 for r in ranks if r == 1) / n, 3),
            "hit@5": round(sum(1 for r in ranks if r and r <= K) / n, 3),
            "mrr": round(sum(1 / r for r in ranks if r) / n, 3), "n": len(ranks)}


def main(argv) -> int:
    django_setup()
    from django.contrib.auth import get_user_model

    from chat.answer_facts import answer_fact_from_message
    from chat.assistant import FinanceAssistant
    from chat.demo import load_demo as chat_demo
    from chat.models import Message
    from chat.services import agent_config_for, chat_turn
    from core.errors import DomainError
    from knowledge.demo import load_demo as knowledge_demo
    from knowledge.models import AnswerFact, Fact

    class Quiet:
        def write(self, *_):
            pass

    knowledge_demo(stdout=Quiet())
    chat_demo(stdout=Quiet())
    User = get_user_model()
    User.objects.filter(username__in=["bench-answers", "bench-stranger"]).delete()
    user = User.objects.create_user("bench-answers")
    stranger = User.objects.create_user("bench-stranger")
    try:
        started = time.perf_counter()
        gold, kept, skipped = {}, 0, []
        answers = {}
        for question, _, file_name in PAIRS:
            answer = chat_turn(user=user, message=question)
            answers[question] = answer
            first = next((c for c in answer["citations"] if c.get("file_name") == file_name), None)
            if first is None:
                skipped.append((question, "no citation from " + file_name))
                continue
            gold[question] = first["fact_id"]
        assistant = FinanceAssistant(user=user, config=agent_config_for(user=user))
        pairs = [p for p in PAIRS if p[0] in gold]
        before = {"paraphrase": [_ranks(assistant, p, gold[q]) for q, p, _ in pairs],
                  "repeated": [_ranks(assistant, q, gold[q]) for q, _, _ in pairs]}
        for question, _, _ in pairs:
            message = Message.objects.get(pk=answers[question]["message_id"])
            try:
                answer_fact_from_message(message=message, rated_helpful=True)
                kept += 1
            except DomainError as exc:
                skipped.append((question, exc.message))
        after = {"paraphrase": [_ranks(assistant, p, gold[q]) for q, p, _ in pairs],
                 "repeated": [_ranks(assistant, q, gold[q]) for q, _, _ in pairs]}
        answer_fact_ids = set(AnswerFact.objects.filter(owner=user).values_list("fact_id", flat=True))
        outsider = FinanceAssistant(user=stranger, config=agent_config_for(user=stranger))
        leaked = sum(1 for _, p, _ in pairs for r in outsider.search_knowledge_base(query=p)["results"]
                     if r["fact_id"] in answer_fact_ids)
        answer_first = sum(1 for q, p, _ in pairs
                           if assistant.search_knowledge_base(query=p)["results"][:1]
                           and Fact.objects.filter(id=assistant.search_knowledge_base(query=p)["results"][0]["fact_id"],
                                                   origin=Fact.Origin.ANSWER).exists())
        report = {
            "pairs": len(PAIRS), "scored": len(pairs), "answer_facts_kept": kept, "skipped": skipped,
            "without_answer_facts": {k: _metrics(v) for k, v in before.items()},
            "with_answer_facts": {k: _metrics(v) for k, v in after.items()},
            "paraphrases_answered_first_by_an_answer_fact": answer_first,
            "answer_facts_seen_by_another_user": leaked, "seconds": round(time.perf_counter() - started, 1),
        }
    finally:
        User.objects.filter(username__in=["bench-answers", "bench-stranger"]).delete()
    print(f"answer facts bench: {report['scored']}/{report['pairs']} pairs scored, {kept} answers kept")
    for kind in ("paraphrase", "repeated"):
        b, a = report["without_answer_facts"][kind], report["with_answer_facts"][kind]
        print(f"  {kind:10s} hit@1 {b['hit@1']:.3f} → {a['hit@1']:.3f}   hit@5 {b['hit@5']:.3f} → {a['hit@5']:.3f}"
              f"   MRR {b['mrr']:.3f} → {a['mrr']:.3f}")
    print(f"  paraphrases whose top result is an answer fact: {answer_first}/{len(pairs)}")
    print(f"  answer facts visible to another user: {leaked} (must be 0)")
    for question, why in skipped:
        print(f"  skipped: {question} — {why}")
    write_results("answer_facts", report)
    return 0 if leaked == 0 else 1
