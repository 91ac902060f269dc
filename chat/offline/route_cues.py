"""The wordings the offline router reads a turn by (chat/offline/router.py): how-tos about the app and its nouns,
the web and live figures, the user's notes, what-ifs and advice ("should I…"), thanks, listings of documents, jar
status, and money words. Patterns only; what they decide is the router's."""
from __future__ import annotations

import re

APP_HOWTO_RE = re.compile(
    r"\bhow (?:do|does|can|should|would|will|is|are)\s+(?:i|you|it|one|we|the app|moneta|this app|this|that|jars?|"
    r"subscriptions?|categories|budgets?|rules|transactions|"
    r"budget suggestions?|categori[sz]ation|the\s+\w+)\b|\bcan (?:i|one|moneta|the app|a jar|one jar|jars?|it)\b"
    r"|\bis there a way\b|\bwhere (?:do|can) i\b|\bwhat happens (?:if|when|to)\b|\bdoes (?:the app|moneta|it|this app) "
    r"\w+|\bhow (?:do|does) (?:\w+ )?work\b|\bwhat (?:is|are) (?:a |the )?(?:jars?|budget suggestions?)\b"
    r"|\bwhat does (?:the |a |my |this )?[\w ]{0,50}? (?:do|mean)\b|\bexplain\b|\blam (?:sao|the nao)\b"
    r"|\bwho (?:can|could|will) (?:see|read|access|look at)\b|\bis my (?:data|information|info|money data) (?:private|safe|"
    r"secure|shared|sold)\b|\bwhy (?:did|was|does|do|is) (?:my|the) (?:question|answer|chat)\b"
    r"|\bwhat (?:is|are|does) (?:it|that|this|they)\b|\btips? (?:for|on|to)\b|\bhow to\b"
    r"|\bhow (?:do|does|is|are|can|will|would)\b(?:\s+\S+){0,4}?\s+(?:work|worked out|calculated|decided|chosen|"
    r"detected|learn\w*|remember\w*|handled?|set up|sorted?)\b|\bwill (?:it|moneta|the app) remember\b"
    r"|\bwhere do (?:my|the|its|their) \w+ (?:go|come from)\b|\bwhere do its\b", re.I)
WEB_RE = re.compile(r"\b(?:search|look|check|find)\b.{0,20}\b(?:the web|online|the internet|google)\b|\bon the web\b"
                    r"|\b(?:today'?s|current|latest|right now)\b.{0,30}\brates?\b|\brates?\b.{0,20}\b(?:today|right now)\b"
                    r"|\b(?:latest|today'?s|current) (?:news|headlines)\b|\btìm trên mạng\b", re.I)
LIVE_RE = re.compile(r"\b(?:current(?:ly)?|latest|newest|today'?s?|right now|this week'?s?|at the moment|news|"
                     r"headlines?|hiện (?:tại|nay)|mới nhất|hôm nay)\b", re.I)
MY_NOTES_RE = re.compile(r"\b(?:in|from|according to|check|search) my (?:own )?notes?\b|\bmy notes? (?:say|said|about)\b"
                         r"|\bwhat did i (?:note|write down|save)\b|\bghi chú của tôi\b", re.I)
HYPOTHETICAL_RE = re.compile(r"\b(?:will|would|could|might) (?:i|we|it|my)\b|\bwhat if\b|\bif i (?:save|invest|put|pay)\b",
                             re.I)
PRICE_CHANGE_RE = re.compile(r"\b(?:raised?|raising|increased?|hiked?|went up|gone up|go up|price (?:change|hike|increase)"
                             r"\w*)\b.{0,20}\bprices?\b|\bprices? (?:change|hike|increase|went up|go up)\w*\b"
                             r"|\b(?:raised|increased|hiked) (?:its|their|the) prices?\b"
                             # a price said without the word: "did spotify go up", "has netflix gotten pricier", "is
                             # hulu more expensive now", "did the gym raise its fee", "spotify có tăng giá không"
                             r"|\b(?:did|has|have|is|are|was)\b.{1,40}\b(?:go(?:ne)? up|went up|gotten (?:pricier|more "
                             r"expensive|dearer)|get (?:pricier|more expensive)|got (?:pricier|more expensive)|pricier|more "
                             r"expensive|increase[ds]?|raised?|hiked?)\b(?!\s+(?:my|our)\b)"
                             r"|\b(?:raised?|raising|increased?|hiked?|bumped|upped)\b.{0,20}\b(?:fees?|rates?|plans?|"
                             r"subscriptions?|membership)\b|\btăng giá\b|\b(?:đắt|mắc) hơn\b", re.I)
PLACE_INFO_RE = re.compile(r"\b(?:is|are)\b.{0,40}\bopen\b\s+(?:at|on|now|today|tonight|tomorrow|late|24|until|till|"
                           r"right now|on (?:sundays?|saturdays?|weekends?|holidays?))\b|\bopening (?:hours|times)\b|"
                           r"\b(?:what time|when) (?:does|do|is)\b.{0,30}\b(?:open|close)\b|\bclos(?:es|ing) (?:time|at)\b|"
                           r"\bdirections to\b|\bwhere(?:'s| is) the (?:nearest|closest)\b|\bmấy giờ (?:mở|đóng) cửa\b|"
                           r"\bcó mở cửa\b", re.I)
# the words of "what's eating my pay" itself, which the parser may link ("paycheck" to the payroll, "draining" to Dining)
PAY_WORDS = {"pay", "paycheck", "paychecks", "income", "salary", "wage", "wages", "money", "cash", "eating", "taking",
             "swallowing", "draining", "sucking", "chewing", "gobbling", "burning", "eats", "takes", "drains"}
EATS_PAY_RE = re.compile(r"\b(?:what(?:'s| is| are)?|which \w+(?: is| are)?|who(?:'s| is)?)\s+(?:\w+\s+)?(?:eating|taking|"
                         r"swallowing|draining|sucking|chewing|gobbling|burning|eats|takes|drains)(?: up| through)?\b"
                         r".{0,25}\b(?:my|our) (?:pay|paycheck|paychecks|income|salary|wages?|money|cash)\b"
                         r"|\bwhere (?:does|did) (?:all )?(?:my|our) (?:pay|paycheck|income|salary|money) go\b", re.I)
UPCOMING_RE = re.compile(r"\b(?:next|upcoming|coming up|renew\w*|due)\b", re.I)
JAR_STATUS_RE = re.compile(r"\bmy (?:jars?|envelopes?)\b|\bbudget\b.{0,30}\bleft\b|\bjars? (?:status|left)\b|\bhow (?:are|is) my\b|\bover budget\b|\bleft (?:in|to)\b"
                           r"|\bbudget (?:left|remaining)\b|\bhũ của tôi\b", re.I)
# "what happens to money left in a jar at the end of the month": how jars work, not the state of theirs
WHAT_HAPPENS_RE = re.compile(r"\bwhat happens\b|\bwhat (?:will|would) happen\b", re.I)
VI_HOWTO_RE = re.compile(r"\bcách (?:dùng|sử dụng|làm|nhập|tạo)\b|\blàm (?:sao|thế nào) để\b|\bnhư thế nào\b", re.I)
DOCUMENT_LIST_RE = re.compile(r"\b(?:list|show|which|what)\b.{0,30}\b(?:documents?|files?|sources|uploads?)\b"
                              r"|\bin (?:the|your) knowledge base\b"
                              r"|\b(?:documents?|files?) (?:do|have) (?:you|i)\b|\bprocessed yet\b", re.I)
FINANCE_WORDS_RE = re.compile(
    r"\b(?:money|sav(?:e|es|ed|ing|ings)|invest\w*|interest|debt|credit|loan|mortgage|budget\w*|income|retire\w*|"
    r"tax\w*|inflation|emergenc\w*|fund\w*|bank\w*|card|cards|spend\w*|bills?|pay\w*|price\w*|cost\w*|afford\w*|"
    r"finance\w*|financial|compound\w*|score|apr|apy|dollars?|jars?|subscriptions?|categor\w*|moneta|app|"
    r"tiền|tiết kiệm|ngân sách|nợ|lãi)\b", re.I)
THANKS_RE = re.compile(r"^\W*(?:(?:ok(?:ay)?|great|cool|nice|perfect|got it|awesome|good)[\s,!.]+)?(?:thanks?|"
                       r"thank you|thx|ty|cheers|cảm ơn|cám ơn|cam on)(?:\s+(?:a lot|so much|very much|moneta|bạn))?"
                       r"[\s!.]*$", re.I)
SHOULD_RE = re.compile(r"\b(?:should (?:i|my|mine|we)|how (?:big|large|much) should|is it (?:better|worth|smart|wise)|worth it"
                       # "what's a normal month of groceries for me" asks their usual month, not what should be
                       r"|what(?:'s| is) a (?:good|healthy|normal(?!\s+(?:month|week)\b))|nên)\b", re.I)
BUDGET_RE = re.compile(r"\bbudgets?\b|\bcut back\b|\bspend less\b|\bsave more\b|\bcut (?:down|costs)\b", re.I)
MY_SPENDING_RE = re.compile(r"\b(?:based on|given|from|with|using|according to|for) (?:what i spend|my (?:spending|"
                            r"expenses|budget|income|transactions|numbers|data)|how much i spend)\b|\bmy (?:monthly )?"
                            r"(?:spending|expenses)\b", re.I)
# what doing something leads to, asked of a finance topic ("what happens if I only pay the minimum on my credit card",
# "does paying the card off in full help our credit scores", "is that actually bad"): how money works, even in the
# first person
CONSEQUENCE_RE = re.compile(r"\bwhat (?:happens|will happen|would happen) (?:if|when)\b|\bis (?:that|it|this) (?:actually |"
                            r"really |even )?(?:bad|good|ok|okay|smart|dumb|wise|a (?:good|bad) idea)\b"
                            r"|^\W*(?:so\W+|and\W+|but\W+)?(?:does|do|will|would|can|could|is|are)\b.{1,80}\b(?:help|helps|"
                            r"hurt|hurts|affect|affects|damage|improve|raise|lower|boost|ruin|build|count against)\b", re.I)
# connecting a bank, card or bank account to Moneta ("can I connect my bank", "sync my card", "does it link to Chase",
# "bank feed", "pull transactions automatically from my bank", "kết nối ngân hàng"): the help section that says there
# is no bank connection and how statements are imported instead — never the MCP page, sign-up or a figure
_LINK_VERB = r"(?:connect|link|sync|synch|hook(?:ed)? up|hook|plug(?:ged)? in|integrat)\w*"
_BANK_THING = (r"(?:bank(?:ing)?(?: accounts?| app)?|banks|(?:credit |debit )?cards?|checking(?: account)?|savings account|"
               r"current account|chase|wells fargo|bank of america|citi(?:bank)?|capital one|amex|american express|hsbc|"
               r"barclays|monzo|revolut|paypal|venmo|plaid)")
BANK_LINK_RE = re.compile(
    rf"\b{_LINK_VERB}\b(?:\s+\w+){{0,4}}?\s+(?:to |with |into |up )?(?:my |our |the |a |your )?(?:\w+ )?{_BANK_THING}\b"
    rf"|\b{_BANK_THING}\s+(?:\w+\s+){{0,3}}?(?:{_LINK_VERB}|feeds?)\b|\bbank feeds?\b|\bopen banking\b"
    r"|\b(?:automatic(?:ally)?|auto-?)\s*(?:import|download|pull|sync|fetch|update)\w*\b.{0,40}\b(?:bank|card|"
    r"transactions|statements)\b|\b(?:pull|import|download|fetch|get|grab)\w*\b.{0,30}\b(?:directly|automatically|"
    r"straight)\s+from\s+(?:my|the|our)\s+(?:bank|card)\b"
    r"|\b(?:kết nối|liên kết|đồng bộ|ket noi|lien ket|dong bo)\b.{0,30}\b(?:ngân hàng|thẻ|ngan hang|the)\b"
    r"|\b(?:ngân hàng|thẻ|ngan hang)\b.{0,30}\b(?:kết nối|liên kết|đồng bộ|ket noi|lien ket|dong bo)\b", re.I)
BANK_LINK_QUERY = "how to connect or sync your bank account"
