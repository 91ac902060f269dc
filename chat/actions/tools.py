"""The assistant's action tools. They only PROPOSE: each validates the change against the user's own data,
stores it as a pending action and returns it; the user confirms on the card (web) or with
POST /api/v1/chat/actions/<id>/confirm/ (API). Nothing a model or a prompt does can apply a change.

`ActionTools` is mixed into chat.assistant.FinanceAssistant, so the tools are bound to the requesting user
like every other tool (no user id in any schema)."""
from __future__ import annotations

from datetime import timedelta
from decimal import Decimal
from typing import Any

from django.db.models import Q
from django.utils import timezone, translation
from django.utils.translation import get_language

from chat.actions.amend_tool import AmendTools
from chat.actions.basis import figure_for
from chat.actions.duplicates import DUPLICATE_WINDOW_DAYS, duplicate_checked, duplicates, shown_row
from chat.actions.jar_change import jar_categories
from chat.actions.selectors import action_present, pending_in_conversation
from chat.actions.self_steps import TOPICS, UNAVAILABLE_TOPICS, steps_for
from chat.actions.services import pending_action_cancel, pending_action_propose
from chat.capabilities import LEDGER_TOPICS, balances_available, missing_for_check, moneta_has
from chat.capabilities_answer import missing_answer
from chat.language import question_language
from chat.limits import asks_limits, limits_answer
from chat.tool_args import money_query_from_args
from chat.unavailable_actions import unavailable_steps
from core.errors import DomainError, NotFound
from core.money import money
from transactions.models import Transaction
from transactions.query import filtered
from transactions.query.grammar import normalise
from transactions.selectors import category_find
from transactions.selectors.figures import money_rows, totals
from transactions.selectors.subscriptions import subscription_list

ACTION_TOOLS = ("propose_create_jar", "propose_set_budget", "propose_set_category", "propose_add_transaction",
                "propose_delete_transaction", "propose_set_jar_budget", "amend_pending_action", "cancel_pending_action",
                "explain_unavailable_action", "check_data_available", "show_pending_actions")
# the tools that store a pending action (save_note, on FinanceAssistant, proposes a note the same way)
PROPOSE_TOOLS = frozenset((*ACTION_TOOLS[:7], "save_note"))
DUPLICATE_RECENT_DAYS = 62  # "drop the duplicate" naming nothing: the last two months' statements
MAX_CANDIDATES = 3
NO_SET = ("There is no list of transactions in this conversation to point back to: say which ones (a merchant, "
          "words in the description, a period).")
MAX_DELETE = 500  # more than this at once is a selection on the Transactions page, not a chat request


class ActionTools(AmendTools):
    user: Any
    conversation_id: int | None = None  # the conversation of this turn: "never mind" cancels what it proposed
    _last_answer_span: dict[str, str] = {}  # noqa: RUF012 - replaced per call, never mutated

    def _propose(self, kind: str, params: dict[str, Any], *, note: str = "") -> dict[str, Any]:
        try:
            action = pending_action_propose(user=self.user, kind=kind, params=params)
        except DomainError as exc:  # the model (and the user) read why; nothing was stored
            already = exc.details.get("already") if isinstance(exc.details, dict) else None
            return {"proposed": False, "kind": kind, "problem": exc.message, **({"already": already} if already else {})}
        # the summary in the question's language (the card re-reads it in the page's language)
        with translation.override(question_language(getattr(self, "request_text", None) or "") or get_language()):
            shown = action_present(action)
        yourself = steps_for(self, TOPICS.get(kind))  # where they can do it themselves, from the help pages
        return {"proposed": True, "kind": kind, "action": shown, "note": note,
                "message": "Proposed, not done: the user must press Confirm on the card (or POST its confirm_url). "
                           "Tell them what will change and that nothing changes until they confirm."
                           + (" End with one line: 'You can also do this yourself:' and the `yourself` steps, naming "
                              "its help `page` in words (no [#fact_id]: an act is not a knowledge answer)." if yourself else ""),
                **({"yourself": yourself} if yourself else {})}

    def propose_create_jar(self, name: str, monthly_budget: float | None = None,
                           categories: list[str] | None = None, merchants: list[str] | None = None,
                           usual_months: int | None = None, start: str | None = None, end: str | None = None,
                           percent_change: float | None = None) -> dict:
        """Propose a new budget jar (a savings or spending envelope) called `name` with `monthly_budget` a month,
        optionally covering some of the user's categories. With no amount but a basis, the amount is computed
        from the user's spending on `categories`/`merchants`: `usual_months` (the average of that many full
        months before this one: "what I usually spend") or `start`/`end` (that period's spending), changed by
        `percent_change` (-10 = 10% below). Only proposes: the user confirms on a card."""
        basis, problem = self._basis(categories=categories, merchants=merchants, amount=monthly_budget,
                                     usual_months=usual_months, start=start, end=end, percent_change=percent_change)
        if problem:
            return {"proposed": False, "kind": "jar_create", "problem": problem}
        amount = basis["amount"] if basis else monthly_budget
        asked = {"usual_months": usual_months, "start": start, "end": end, "percent_change": percent_change,
                 "merchants": merchants}
        return {**self._propose("jar_create", {"name": name, "monthly_budget": amount or 0,
                                               "categories": categories or [],
                                               **({"basis": asked} if basis else {})}),
                **({"basis": basis} if basis else {})}

    def propose_set_budget(self, category: str, amount: float | None = None, usual_months: int | None = None,
                           start: str | None = None, end: str | None = None,
                           percent_change: float | None = None, revise: bool = False) -> dict:
        """Propose a monthly budget of `amount` for one of the user's categories. With no amount but a basis,
        the amount is computed from their spending in that category: `usual_months` (the average of that many
        full months before this one: "my average") or `start`/`end` (that period's spending: "what I spent last
        month"), changed by `percent_change` (-10 = 10% below). `revise=true` changes the jar or budget proposed
        just before in this conversation, still waiting ("actually base it on the 3-month average instead"): same
        subject, the new basis (the old percentage kept unless given); the old proposal is cancelled. Only
        proposes: the user confirms on a card."""
        if revise:
            return self._revise(amount=amount, usual_months=usual_months, start=start, end=end,
                                percent_change=percent_change)
        basis, problem = self._basis(categories=[category] if category else [], merchants=None, amount=amount,
                                     usual_months=usual_months, start=start, end=end, percent_change=percent_change)
        if problem:
            return {"proposed": False, "kind": "budget_set", "problem": problem}
        value = basis["amount"] if basis else amount
        asked = {"usual_months": usual_months, "start": start, "end": end, "percent_change": percent_change}
        return {**self._propose("budget_set", {"category": category, "amount": value,
                                               **({"basis": asked} if basis else {})}),
                **({"basis": basis} if basis else {})}

    def propose_set_jar_budget(self, jar: str, amount: float | None = None, change: float | None = None,
                               direction: str | None = None, categories: list[str] | None = None,
                               merchants: list[str] | None = None, usual_months: int | None = None,
                               start: str | None = None, end: str | None = None,
                               percent_change: float | None = None) -> dict:
        """Propose a new monthly amount for one of the user's existing jars (by its name; "" for their only jar):
        `amount` (the new amount: "raise the groceries jar to 500") or `change` (added, negative to lower: "lower my
        coffee jar by 20"); `direction` "up"/"down" as the user said it (raise/lower): the card says so when the
        amount goes the other way. With no amount but a basis, the amount is computed from their spending on
        `categories`/`merchants` (default: the jar's categories): `usual_months` (the average of that many full
        months) or `start`/`end`, changed by `percent_change`. From this month on; undo puts the old amount back.
        Only proposes: the user confirms on a card."""
        basis = None
        if amount is None and change is None and (usual_months or (start and end)):
            if not (categories or merchants):
                categories = jar_categories(self.user, jar)
            basis, problem = self._basis(categories=categories, merchants=merchants, amount=None,
                                         usual_months=usual_months, start=start, end=end, percent_change=percent_change)
            if problem:
                return {"proposed": False, "kind": "jar_budget_set", "problem": problem}
            amount = basis["amount"] if basis else None
        out = self._propose("jar_budget_set", {"jar": jar, "amount": amount, "change": change, "direction": direction})
        if basis and not out.get("proposed") and jar and not jar_categories(self.user, jar) \
                and str(out.get("problem") or "").startswith("You have no jar called"):
            # "set my dining jar to what I averaged on dining" with no such jar: the jar they meant, created with the
            # figure — proposed, and said to be a new jar
            name = " ".join(w if w.isupper() else w.capitalize() for w in jar.split())
            made = self.propose_create_jar(name=name, categories=categories, merchants=merchants,
                                           usual_months=usual_months, start=start, end=end,
                                           percent_change=percent_change)
            if made.get("proposed"):
                return {**made, "instead": {"jar": name}}
        return {**out, **({"basis": basis} if basis else {})}

    def _revise(self, *, amount: float | None, usual_months: int | None, start: str | None, end: str | None,
                percent_change: float | None) -> dict:
        """The last jar or budget waiting in this conversation, proposed again on another basis."""
        waiting = [a for a in pending_in_conversation(user=self.user, conversation_id=self.conversation_id)
                   if a.kind in ("jar_create", "budget_set")]
        if not waiting:
            return {"proposed": False, "kind": "budget_set",
                    "problem": "No jar or budget is waiting for your confirmation in this conversation to change."}
        old = waiting[-1]
        was = dict(old.params.get("basis") or {})
        if percent_change is None:
            percent_change = was.get("percent_change")
        if not (amount or usual_months or (start and end)):
            usual_months, start, end = was.get("usual_months"), was.get("start"), was.get("end")
        if old.kind == "jar_create":
            out = self.propose_create_jar(name=old.params["name"], monthly_budget=amount,
                                          categories=old.params.get("categories") or None,
                                          merchants=was.get("merchants"), usual_months=usual_months, start=start,
                                          end=end, percent_change=percent_change)
        else:
            out = self.propose_set_budget(category=old.params["category"], amount=amount, usual_months=usual_months,
                                          start=start, end=end, percent_change=percent_change)
        if out.get("proposed"):
            try:
                pending_action_cancel(user=self.user, action_id=old.id)
            except DomainError:
                pass
            out["replaces"] = action_present(old)
        return out

    def _basis(self, *, categories: list[str] | None, merchants: list[str] | None, amount: float | None,
               usual_months: int | None, start: str | None, end: str | None,
               percent_change: float | None) -> tuple[dict[str, Any] | None, str]:
        """The computed figure a proposal is based on (chat/actions/basis.py), when no amount was given."""
        if amount or not (usual_months or (start and end)):
            return None, ""
        try:
            names = [category_find(user=self.user, name=c).name for c in categories or []]
            found = figure_for(user=self.user, today=timezone.localdate(), categories=names,
                               merchants=merchants, usual_months=usual_months, start=start, end=end,
                               percent_change=percent_change)
        except (DomainError, NotFound) as exc:
            return None, exc.message
        return found, ""

    def propose_set_category(self, category: str, merchants: list[str] | None = None, text: list[str] | None = None,
                             period: str | None = None, start: str | None = None, end: str | None = None,
                             of_last_answer: bool = False, pick: str | None = None, count: int | None = None) -> dict:
        """Propose filing the user's transactions that match `merchants` (their own merchant names or a kind
        such as "coffee") and/or `text` (words in the bank narrative), optionally within a period, under
        `category`; `of_last_answer=true`: exactly the transactions the last answer listed or added up ("move all
        of those to Groceries"). The proposal shows how many would change and a sample. Only proposes: the user
        confirms. `pick`: "largest" or "smallest" — only that one of the last answer's transactions ("tag the
        biggest one as a gift"), or of the matching ones, where "latest" is the newest ("file the last Target
        charge as Groceries"); `count` with a pick: that many of them ("the last 3 Target charges")."""
        if of_last_answer:
            return self._propose_on_last_answer(category, pick=pick)
        args = {"merchants": merchants, "text": text, "period": period, "start": start, "end": end}
        try:
            q = money_query_from_args(user=self.user, args={k: v for k, v in args.items() if v}, measure="list")
        except DomainError as exc:
            return {"proposed": False, "kind": "category_set", "problem": exc.message}
        if pick in ("latest", "largest", "smallest"):
            return self._propose_picked(category, q, pick, max(1, min(int(count or 1), 50)))
        params: dict[str, Any] = {"category": category, "merchants": q.merchants,
                                  "text": [*q.text, *q.unknown]}
        if q.period is not None and q.period.grain != "all":
            params["start"], params["end"] = q.period.start.isoformat(), q.period.end.isoformat()
        return self._propose("category_set", params)

    def _propose_picked(self, category: str, q: Any, pick: str, count: int) -> dict:
        """The category of `count` of the transactions `q` matches: the newest, the biggest or the smallest."""
        bounded = q.period is not None and q.period.grain != "all"
        rows = filtered(user=self.user, merchants=q.merchants, text=[*q.text, *q.unknown],
                        start=q.period.start if bounded else None, end=q.period.end if bounded else None)
        order = {"latest": ("-date", "-id"), "largest": ("amount", "-date"), "smallest": ("-amount", "-date")}[pick]
        named = ", ".join([*q.merchants, *q.text, *q.unknown]) or "the matching transactions"
        ids = list(rows.filter(amount__lt=0).order_by(*order).values_list("id", flat=True)[:count])
        if not ids:
            return {"proposed": False, "kind": "category_set", "problem": f"No transactions match {named}; nothing "
                                                                         "would change."}
        which = {"latest": "latest", "largest": "biggest", "smallest": "smallest"}[pick]
        what = f"{named} (the {which} one)" if count == 1 else f"{named} (the {which} {len(ids)})"
        return self._propose("category_set", {"category": category, "transaction_ids": ids, "what": what})

    def _propose_on_last_answer(self, category: str, *, pick: str | None = None) -> dict:
        """The category of the transactions the conversation's last money answer was about (or of its biggest or
        smallest one: money out is negative, so the biggest purchase has the lowest amount)."""
        ids, what = self._last_answer_set()
        if not ids:
            return {"proposed": False, "kind": "category_set", "problem": NO_SET}
        span = self._last_answer_span
        if pick in ("largest", "smallest"):
            rows = Transaction.objects.filter(user=self.user, id__in=ids).order_by(
                "amount" if pick == "largest" else "-amount", "-date")
            ids = [rows.values_list("id", flat=True)[0]]
            what = ("the biggest of " if pick == "largest" else "the smallest of ") + what
        return {**self._propose("category_set", {"category": category, "transaction_ids": ids, "what": what}), **span}

    def _last_answer_set(self, most: int | None = None) -> tuple[list[int], str]:
        """The ids of the transactions the conversation's last money answer was about, and what they are in words
        (chat/context.py `conversation_state`, transactions/query/followups_acts.py `answer_rows`)."""
        # imported on use: only a follow-up act reads the conversation's last answer, and chat.context loads numpy
        # and the embedding module (start-up cost the other action tools do not need)
        from chat.actions.kinds import MAX_MATCHING
        from chat.context import conversation_state
        from chat.models import Conversation
        from transactions.query.followups_acts import answer_rows

        conversation = Conversation.objects.filter(pk=self.conversation_id, user=self.user).first() \
            if self.conversation_id else None
        previous, _earlier, shown, _family, _sure = conversation_state(conversation) if conversation else (None,) * 5
        period = (previous or {}).get("period") or {}
        # the rows are the last answer's, over its period: said beside the proposal ("those" of October are October's)
        self._last_answer_span = {k: period[k] for k in ("start", "end") if period.get("start") and period.get(k)}
        return answer_rows(user=self.user, query=previous, shown=shown, most=most or MAX_MATCHING) if previous \
            else ([], "")

    def propose_add_transaction(self, description: str, amount: float, date: str | None = None,
                                category: str | None = None, direction: str = "out") -> dict:
        """Propose adding a manual transaction (e.g. a cash purchase): `description`, `amount` (positive),
        `date` (YYYY-MM-DD, default today), optional `category`, `direction` "out" (spent) or "in" (received).
        Only proposes: the user confirms on a card."""
        return self._propose("transaction_add", {"description": description, "amount": amount, "date": date,
                                                 "category": category, "direction": direction})

    def propose_delete_transaction(self, transaction_id: int | None = None, merchant: str | None = None,
                                   amount: float | None = None, date: str | None = None,
                                   duplicate: bool = False, start: str | None = None, end: str | None = None,
                                   categories: list[str] | None = None, text: list[str] | None = None,
                                   all_matching: bool = False, of_last_answer: bool = False,
                                   amount_min: float | None = None, amount_max: float | None = None,
                                   check: bool = False) -> dict:
        """Propose deleting the user's transactions: by `transaction_id`, or the one matching `merchant`
        (or `categories`, `text`: words in the bank narrative), `amount` and/or `date` (YYYY-MM-DD), optionally
        within `start`..`end` and with a size between `amount_min` and `amount_max` ("the ones over $40"); `all_matching=true` ("delete all my Chipotle from August") proposes deleting every
        match, with their count, total and a sample; `duplicate=true` finds a charge that appears twice (same
        merchant and amount within a few days) and proposes deleting the later copy — when there is none, nothing
        is proposed and the charges found are shown. When several match and one was meant, returns the candidates
        to ask which. `of_last_answer=true`: every transaction the last answer listed or added up ("delete all of
        those"). `check=true` with `duplicate`: the user asked whether they were charged twice ("was I charged twice
        for X?"): the answer shows both copies and offers to delete the later one. Only proposes: the user confirms."""
        if transaction_id:
            return self._propose("transaction_delete", {"transaction_id": transaction_id})
        if of_last_answer:
            ids, what = self._last_answer_set(MAX_DELETE)
            if not ids or len(ids) > MAX_DELETE:
                return {"proposed": False, "kind": "transaction_delete", "problem": NO_SET if not ids else
                        f"More than {MAX_DELETE} transactions match; select them on the Transactions page to delete "
                        "that many."}
            return {**self._propose("transaction_delete", {"transaction_ids": ids, "what": what}),
                    **self._last_answer_span}
        candidates = self._delete_candidates(merchant=merchant, amount=amount, day=date, duplicate=duplicate,
                                             start=start, end=end, categories=categories, text=text,
                                             every=all_matching, bounds=(amount_min, amount_max))
        if isinstance(candidates, dict) or (check and duplicate):
            out = candidates if isinstance(candidates, dict) else self._one_deleted(candidates)
            return duplicate_checked(out, candidates) if check and duplicate else out
        if all_matching and not duplicate and candidates:
            return self._propose("transaction_delete", {
                "transaction_ids": [c["id"] for c in candidates],
                "what": ", ".join([*([merchant] if merchant else []), *(categories or []),
                                   *(f"\u201c{t}\u201d" for t in text or [])])
                + (f" > {money(amount_min)}" if amount_min is not None else "")
                + (f" < {money(amount_max)}" if amount_max is not None else ""),
                **({"start": start or date, "end": end or date} if (start and end) or date else {})})
        return self._one_deleted(candidates)

    def _one_deleted(self, candidates: list[dict[str, Any]]) -> dict[str, Any]:
        if len(candidates) != 1:
            return {"proposed": False, "kind": "transaction_delete", "candidates": candidates[:MAX_CANDIDATES],
                    "problem": (f"{len(candidates)} transactions match; which one should go?" if candidates else
                                "No transaction matches that; nothing to delete.")}
        chosen = candidates[0]
        return self._propose("transaction_delete", {"transaction_id": chosen["id"],
                                                    "reason": chosen.get("reason") or "",
                                                    "duplicate_of": chosen.get("duplicate_of") or ""})

    def _delete_candidates(self, *, merchant: str | None, amount: float | None, day: str | None,
                           duplicate: bool, start: str | None = None, end: str | None = None,
                           categories: list[str] | None = None, text: list[str] | None = None,
                           every: bool = False, bounds: tuple[float | None, float | None] = (None, None),
                           ) -> list[dict[str, Any]] | dict[str, Any]:
        args: dict[str, Any] = {}
        if merchant:
            args["merchants"] = [merchant]
        if categories:
            args["categories"] = list(categories)
        if text:
            args["text"] = list(text)
        if day:
            args["start"] = args["end"] = day
        elif start and end:
            args["start"], args["end"] = start, end
        try:
            q = money_query_from_args(user=self.user, args=args, measure="list") if args else None
        except DomainError as exc:
            return {"proposed": False, "kind": "transaction_delete", "problem": exc.message}
        if q is not None and q.unknown:
            return {"proposed": False, "kind": "transaction_delete",
                    "problem": f"You have no merchant called {', '.join(map(repr, q.unknown))}."}
        bounded = q is not None and q.period is not None and q.period.grain != "all"
        qs = filtered(user=self.user, merchants=q.merchants if q else (), categories=q.categories if q else (),
                      text=q.text if q else (), start=q.period.start if bounded else None,  # type: ignore[union-attr]
                      end=q.period.end if bounded else None)  # type: ignore[union-attr]
        if amount is not None:
            value = abs(Decimal(str(amount))).quantize(Decimal("0.01"))
            qs = qs.filter(amount__in=[value, -value])
        low, high = (abs(Decimal(str(b))) if b is not None else None for b in bounds)
        if low is not None:  # a size either way round: money out is stored negative
            qs = qs.filter(Q(amount__gte=low) | Q(amount__lte=-low))
        if high is not None:
            qs = qs.filter(amount__lte=high, amount__gte=-high)
        subject = bool(merchant or categories or text or amount is not None or low is not None or high is not None)
        if duplicate and not (subject or bounded):  # "drop the duplicate": one on a recent statement
            qs = qs.filter(date__gte=timezone.localdate() - timedelta(days=DUPLICATE_RECENT_DAYS))
        if every and not duplicate:
            if not subject:  # a whole month of the ledger is no chat request: the Transactions page selects
                return {"proposed": False, "kind": "transaction_delete",
                        "problem": "Say which transactions: a merchant, a category or words in the description."}
            rows = list(qs.order_by("-date", "-id").values("id", "date", "description", "merchant_id", "amount",
                                                           "currency")[:MAX_DELETE + 1])
            if len(rows) > MAX_DELETE:
                return {"proposed": False, "kind": "transaction_delete",
                        "problem": f"More than {MAX_DELETE} transactions match; select them on the Transactions "
                                   "page to delete that many."}
            if not rows:
                return {"proposed": False, "kind": "transaction_delete",
                        "problem": "No transaction matches that" + (f" between {args['start']} and {args['end']}"
                                                                     if args.get("start") else "")
                                   + "; nothing to delete."}
            return [shown_row(r) for r in rows]
        rows = list(qs.order_by("-date", "-id").values("id", "date", "description", "merchant_id", "amount",
                                                       "currency")[:400])
        if duplicate:
            found = duplicates(rows)
            if found:
                return found
            where = f" between {args['start']} and {args['end']}" if args.get("start") else \
                (f" since {rows[-1]['date'].isoformat()}" if rows else "")
            if rows and subject:
                who = merchant or "that charge"
                return {"proposed": False, "kind": "transaction_delete", "no_duplicate": True,
                        "charges": [shown_row(r) for r in rows[:MAX_CANDIDATES]],
                        "problem": (f"I found no duplicate: no {who} charge appears twice within "
                                    f"{DUPLICATE_WINDOW_DAYS} days{where}. The {who} charges there ({len(rows)}) "
                                    "— the latest first:")}
            # "drop the duplicate" with nothing doubled: say what was checked, delete nothing
            return {"proposed": False, "kind": "transaction_delete", "no_duplicate": True,
                    "problem": (f"I found no duplicate: none of your {len(rows)} transactions{where} appears twice "
                                f"(same payee and amount within {DUPLICATE_WINDOW_DAYS} days)." if rows else
                                "I found no charges there, so no duplicate either.")}
        if not (subject or day):
            return {"proposed": False, "kind": "transaction_delete",
                    "problem": "Say which transaction: the merchant, the amount or the date."}
        return [shown_row(r) for r in rows]

    def explain_unavailable_action(self, request: str, subject: str | None = None) -> dict:
        """For a request Moneta cannot carry out (cancel a subscription at the provider, move or pay money,
        contact a bank, see a credit score): say so and give the steps the user can take in the app. `subject`:
        what the request is about, when known (e.g. the subscription the user picked from a list)."""
        out = {**unavailable_steps(request), "subject": subject}
        if not subject and "subscription" in str(out.get("what")):
            # "hủy Spotify giùm mình đi" after the list: the plan the user's own words name, from their subscriptions
            subject = out["subject"] = self._subscription_named(getattr(self, "request_text", None) or request)
        helped = steps_for(self, UNAVAILABLE_TOPICS.get(out.get("what") or ""))
        if helped:  # the help page's steps for what to do instead, the page named
            out["help"] = helped
        if subject and out.get("what") == "cancel a subscription":
            out["cost"] = self._recurring_cost(subject)  # what cancelling would save, from their own charges
        return out

    def _subscription_named(self, text: str) -> str | None:
        """The one recurring charge of the user's whose name the text says ("cancel Spotify"), or None."""
        said = set(normalise(text or "").split())
        rows = subscription_list(user=self.user)["rows"]
        named = [r["merchant"] for r in rows if normalise(r["merchant"]).split()[:1] and
                 normalise(r["merchant"]).split()[0] in said]
        return named[0] if len(named) == 1 else None

    def _recurring_cost(self, subject: str) -> dict[str, Any] | None:
        """What a plan costs, from the user's charges: the recurring charge Moneta detected for that merchant (per
        charge, per month, per year), else what they paid that merchant in the last 12 months."""
        try:
            q = money_query_from_args(user=self.user, args={"merchants": [subject]}, measure="total")
        except DomainError:
            return None
        names = list(q.merchants)
        if not names:
            return None
        listed = subscription_list(user=self.user, merchants=names)["rows"]
        if listed:
            row = listed[0]
            return {"merchant": row["merchant"], "amount": row["amount"], "cadence": row["cadence"],
                    "per_month": row["monthly_cost"], "per_year": row["yearly_cost"], "currency": row["currency"],
                    "months_per_year": 12,
                    "last_date": row["last_date"], "recurring": True}
        today = timezone.localdate()
        start = today.replace(year=today.year - 1) + timedelta(days=1) if not (today.month == 2 and today.day == 29) \
            else today.replace(year=today.year - 1, day=28)
        paid = totals(money_rows(user=self.user, merchants=names, direction="out", start=start, end=today),
                      user=self.user)
        if not paid or not paid[0]["count_out"]:
            return {"merchant": names[0], "recurring": False, "per_year": 0.0, "count": 0}
        return {"merchant": names[0], "recurring": False, "per_year": paid[0]["spent"], "count": paid[0]["count_out"],
                "currency": paid[0]["currency"], "start": start.isoformat(), "end": today.isoformat()}

    def check_data_available(self, question: str) -> dict:
        """Before answering a question about the user's credit score, account balances, net worth, investments
        or someone else's money: whether Moneta has that data at all (it often does not). When it does not,
        say so plainly and offer what Moneta can show instead; never answer with an unrelated figure."""
        found = missing_for_check(question)
        balances = balances_available(self.user)
        if found is None and asks_limits(question):  # "what can't you see?": the map itself
            return limits_answer(balances=balances)
        if found is not None and found.topic in LEDGER_TOPICS and balances:
            # the ledger has balances for this user's accounts (chat/balances.py)
            return {"available": True, "topic": found.topic, "moneta_has": moneta_has(balances=True),
                    "use_tool": "get_net_worth" if found.topic == "net worth" else "get_account_balances"}
        return missing_answer(found) if found else {"available": True, "moneta_has": moneta_has(balances=balances)}


def turn_action_ids(records: list[Any]) -> list[int]:
    """The ids of the actions proposed by this turn's tool calls (in order)."""
    ids = []
    for r in records:
        result = getattr(r, "result", None)
        if r.name in PROPOSE_TOOLS and isinstance(result, dict) and result.get("proposed"):
            ids.append(int(result["action"]["id"]))
        elif r.name == "show_pending_actions" and isinstance(result, dict):  # "yes do it": the cards shown again
            ids.extend(int(a["id"]) for a in result.get("waiting") or [])
    return ids
