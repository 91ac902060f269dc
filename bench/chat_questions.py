"""Labelled questions for `python -m bench chat` (alice's demo data).

Written separately from the router's exemplars (chat/offline/exemplars.py) and never used to train it:
they measure routing on phrasings the router has not seen. Each item: question, expected tool set, and
optionally arguments that must match (subset). `before` = earlier turns of the same conversation.
"""

Q = list[dict]

QUESTIONS: Q = [
    # --- finding transactions
    {"q": "Show me every Uber Eats order from last week", "tools": {"search_transactions"}},
    {"q": "List purchases above $200 this year", "tools": {"search_transactions"}},
    {"q": "Which payments did I make to Shell Oil in October?", "tools": {"search_transactions"}},
    {"q": "Any transactions under 5 dollars yesterday?", "tools": {"search_transactions"}},
    {"q": "pull up my pizza orders", "tools": {"search_transactions"}},
    {"q": "Display the refunds I got recently", "tools": {"search_transactions"}},
    {"q": "Find the cinema tickets I bought", "tools": {"search_transactions"}},
    {"q": "Look for lunch purchases under 15 dollars", "tools": {"search_transactions"}},
    {"q": "tìm giao dịch cà phê tháng trước", "tools": {"search_transactions"}},
    # --- one category
    {"q": "What's the total I've spent on groceries this year?", "tools": {"analyze_by_category"},
     "args": {"category": "Groceries", "period": "this_year"}},
    {"q": "How much went to transport last month?", "tools": {"analyze_by_category"},
     "args": {"category": "Transport", "period": "last_month"}},
    {"q": "Tell me how much I've been paying for utilities", "tools": {"analyze_by_category"},
     "args": {"category": "Utilities"}},
    {"q": "How much did entertainment cost me in the last 3 months?", "tools": {"analyze_by_category"},
     "args": {"category": "Entertainment", "period": "last_3_months"}},
    {"q": "What's my average health spending?", "tools": {"analyze_by_category"}, "args": {"category": "Health"}},
    {"q": "How much do I spend on restaurants?", "tools": {"analyze_by_category"}, "args": {"category": "Dining"}},
    {"q": "Rent total for this year?", "tools": {"analyze_by_category"}, "args": {"category": "Rent"}},
    {"q": "How much have I put toward travel?", "tools": {"analyze_by_category"}, "args": {"category": "Travel"}},
    # --- one merchant
    {"q": "How much have I paid Spotify so far?", "tools": {"analyze_merchant"}, "args": {"merchant": "Spotify"}},
    {"q": "What's my total at Woolworths last month?", "tools": {"analyze_merchant"},
     "args": {"merchant": "Woolworths", "period": "last_month"}},
    {"q": "How much money went to Zara?", "tools": {"analyze_merchant"}, "args": {"merchant": "Zara"}},
    {"q": "Total spent at Target this year", "tools": {"analyze_merchant"}, "args": {"merchant": "Target"}},
    {"q": "How much do I spend at Joes Pizza?", "tools": {"analyze_merchant"}, "args": {"merchant": "Joes Pizza"}},
    {"q": "Break my Target purchases down by category", "tools": {"analyze_merchant"},
     "args": {"merchant": "Target", "group_by_category": True}},
    {"q": "Which categories did my Woolworths spending fall under?", "tools": {"analyze_merchant"},
     "args": {"merchant": "Woolworths", "group_by_category": True}},
    {"q": "Show my Amazon spend split by category", "tools": {"analyze_merchant"},
     "args": {"merchant": "Amazon", "group_by_category": True}},
    # --- summaries
    {"q": "Give me a rundown of my spending this month", "tools": {"get_spending_summary"},
     "args": {"period": "this_month"}},
    {"q": "Where has my money gone this year?", "tools": {"get_spending_summary"}, "args": {"period": "this_year"}},
    {"q": "Overview of last week's spending please", "tools": {"get_spending_summary"},
     "args": {"period": "last_week"}},
    {"q": "What did my finances look like in the last 3 months?", "tools": {"get_spending_summary"},
     "args": {"period": "last_3_months"}},
    {"q": "Summarize income and expenses for last month", "tools": {"get_spending_summary"},
     "args": {"period": "last_month"}},
    {"q": "What are my largest expense categories this month?", "tools": {"get_spending_summary"}},
    # --- comparisons
    {"q": "Compare groceries with dining", "tools": {"compare_spending"}},
    {"q": "Did I spend more on transport or entertainment last month?", "tools": {"compare_spending"}},
    {"q": "How does this month's spending compare to last month?", "tools": {"compare_spending"}},
    {"q": "Groceries versus shopping, which costs me more?", "tools": {"compare_spending"}},
    {"q": "Is my spending up compared to last year?", "tools": {"compare_spending"}},
    # --- jars
    {"q": "Is my Fun jar running low?", "tools": {"get_jar_status"}},
    {"q": "How much budget do I have left this month?", "tools": {"get_jar_status"}},
    {"q": "Which of my jars are overspent?", "tools": {"get_jar_status"}},
    {"q": "Show my envelope balances", "tools": {"get_jar_status"}},
    # --- subscriptions
    {"q": "What recurring payments come out of my account?", "tools": {"list_subscriptions"}},
    {"q": "Has Netflix raised its price?", "tools": {"list_subscriptions"}},
    {"q": "How much are my subscriptions costing me monthly?", "tools": {"list_subscriptions"}},
    {"q": "What's the next subscription charge coming up?", "tools": {"list_subscriptions"}},
    # --- budget suggestions
    {"q": "What budget should I set for dining?", "tools": {"suggest_budgets"}},
    {"q": "Recommend monthly limits for my categories", "tools": {"suggest_budgets"}},
    {"q": "How can I cut my spending?", "tools": {"suggest_budgets"}},
    {"q": "Where could I save money each month?", "tools": {"suggest_budgets"}},
    # --- financial concepts (knowledge base)
    {"q": "Explain what a credit score is", "tools": {"search_knowledge_base"}},
    {"q": "How does inflation eat into savings?", "tools": {"search_knowledge_base"}},
    {"q": "Why should I keep an emergency fund?", "tools": {"search_knowledge_base"}},
    {"q": "How does compounding work over many years?", "tools": {"search_knowledge_base"}},
    {"q": "What counts as a good debt-to-income ratio?", "tools": {"search_knowledge_base"}},
    {"q": "Should I pay off my credit card before investing?", "tools": {"search_knowledge_base"}},
    {"q": "What is the envelope budgeting method?", "tools": {"search_knowledge_base"}},
    # --- Moneta features (help corpus)
    {"q": "How can I fix a wrong category on a transaction?", "tools": {"get_app_information"}},
    {"q": "Can I import my bank statement as a CSV?", "tools": {"get_app_information"}},
    {"q": "How does Moneta detect subscriptions?", "tools": {"get_app_information"}},
    {"q": "What does the jar rollover setting do?", "tools": {"get_app_information"}},
    {"q": "How do I create a budget jar in Moneta?", "tools": {"get_app_information"}},
    {"q": "Can I search transactions in Vietnamese?", "tools": {"get_app_information"}},
    # --- documents, web, notes, out of scope
    {"q": "Which documents can you read?", "tools": {"list_documents"}},
    {"q": "What's in the knowledge base?", "tools": {"list_documents"}},
    {"q": "What are today's best high-yield savings rates?", "tools": {"search_online"}},
    {"q": "Latest news on interest rate cuts", "tools": {"search_online"}},
    {"q": "Note that my phone contract ends in March", "tools": {"save_note"}},
    {"q": "What's a good recipe for pancakes?", "tools": set()},
    {"q": "Who is the president of France?", "tools": set()},
    # --- mixed: two sources
    {"q": "What is an emergency fund and how much do I spend on groceries?",
     "tools": {"search_knowledge_base", "analyze_by_category"}},
    {"q": "Explain budget jars in Moneta and show how mine are doing", "tools": {"get_app_information", "get_jar_status"}},
    {"q": "What is inflation, and did my spending go up versus last month?",
     "tools": {"search_knowledge_base", "compare_spending"}},
    # --- follow-ups
    {"before": ["How much did I spend on groceries this month?"], "q": "what about last month?",
     "tools": {"analyze_by_category"}, "args": {"category": "Groceries", "period": "last_month"}},
    {"before": ["What did I spend at Uber?"], "q": "and at Starbucks?", "tools": {"analyze_merchant"},
     "args": {"merchant": "Starbucks"}},
    {"before": ["Give me my spending summary for this month"], "q": "and for last week?",
     "tools": {"get_spending_summary"}, "args": {"period": "last_week"}},
]
