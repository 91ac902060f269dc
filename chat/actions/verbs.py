"""How a request to act is worded: the lead-in before the verb ("please", "can you", "I'd like to", "làm ơn",
"giúp tôi"), the verbs of each kind of change, the verbs of what Moneta can't do, and the words that join a
request to a question after it or point back at the last answer. Read by chat/actions/intent.py (which action)
and chat/actions/proposals.py (its arguments)."""
from __future__ import annotations

import re

# "from now on", "going forward", "in future": a standing wish before the verb ("from now on put all the Target stuff
# under Groceries"): the matching transactions are re-filed, and the ones to come follow what the user chose
FUTURE = (r"(?:from now on|from here on(?: out)?|going forward|moving forward|in (?:the )?future|for the future|"
          r"henceforth|always|từ (?:nay|giờ|bây giờ)(?: trở đi)?|sau này)")
FUTURE_RE = re.compile(r"\b" + FUTURE + r"(?!\w)", re.I)
LEAD = (r"^\s*(?:(?:hey|hi|ok|okay|so|and|also|now|then|moneta|cool|great|nice|alright|awesome|perfect|sure|yes|yeah|"
        r"yep|right|got it|thanks|thank you)[,!.]?\s+)*(?:" + FUTURE + r"[,:]?\s+)?"
        r"(?:(?:please|pls|kindly)\s+)?"
        r"(?:(?:can|could|would|will)\s+(?:you|u|ya)\s+(?:please\s+|pls\s+)?|i(?:'d| would) like (?:you )?to\s+|i want (?:you )?to\s+"
        r"|i need (?:you )?to\s+|let'?s\s+|help me\s+|go ahead and\s+|time to\s+|you should\s+)?(?:please\s+)?"
        # an adverb before the verb: "can u just make one for coffee", "could you quickly log …", "also add …"
        r"(?:(?:just|also|quickly|simply|maybe|actually|now)\s+)?"
        # Vietnamese: "làm ơn", "hãy", "bạn (có thể)", "giúp tôi" before the verb
        r"(?:(?:làm ơn|xin|hãy|bạn(?: có thể| hãy)?|nhờ bạn)\s+)?(?:giúp (?:tôi|mình|em)\s+)?(?:hãy\s+)?")
# "I'd like a jar for…", "I want a 400 budget…": asking for the thing itself is asking to make it
WANT = r"(?:i(?:'d| would) like|i want|i need|give me|get me)\s+(?=an?\b|my\b|some\b|\$?\d)|"
# or the jar named with no verb, sized, and asking nothing ("a jar sized to my average grocery month", "a groceries
# jar, same as my usual month"): the request is the thing itself
SIZED_JAR = r"(?=(?:a|an|new)\s[^?]{0,60}\b(?:jar|envelope)\b[^?]{0,40}\b(?:sized|size|same as|match\w*|based on|equal to|at|of|" \
    r"average|usual|\$?\d)[^?]*$)|"
# putting money by ("set aside 200 a month for a holiday jar"): making a jar, as "start" one is
SAVE_VERB = r"(?:set aside|put aside|put away|put by|save(?: up)?|stash(?: away)?|tuck away|squirrel away)"
JAR_RE = re.compile(LEAD + r"(?:" + SIZED_JAR + WANT + r"(?:start|create|make|set(?: me)? up|setup|open|add|begin|new|" + SAVE_VERB +
                    r"|tạo|lập|mở|làm|lam|tao|lap)\b)(?P<rest>.{0,80}?)"
                    r"(?:\b(?:jar|envelope|pot|sinking fund)s?\b|(?<!\w)hũ(?!\w))", re.I)
# money put by each month for a goal, asked to be set up ("please set aside 200 a month for christmas, can you set that
# up", "can you put away $150 a month for a holiday"): a savings jar of that amount, named by what it is for
SAVE_FOR_RE = re.compile(LEAD + r"(?:i(?:'d| would) like to |i want to |i need to |i'?m going to |i plan to )?" + SAVE_VERB +
                         r"\s+(?:\$|usd\s?)?\d[\d,.]*k?(?:\s?(?:dollars|bucks|usd))?\s+(?:a|per|each|every)\s+"
                         r"(?:month|week|mo|paycheck|payday)\s+(?:for|towards?)\s+(?P<rest>[^,.?!]{2,60})", re.I)
# what makes such a saving wish a request rather than a remark or a question
SAVE_ASKED_RE = re.compile(r"^\W*(?:please|pls|can you|could you|would you|will you|help me|go ahead|let'?s)\b"
                           r"|\b(?:set (?:that|it|this|one) up|set up (?:that|it|this|one)|make (?:that|it|this) (?:a jar|happen)"
                           r"|start (?:that|it|one)|track (?:that|it)|do (?:that|it) for me|go ahead)\b", re.I)
BUDGET_RE = re.compile(LEAD + r"(?:(?:" + WANT + r"(?:set|create|make|add|put|give|set up|setup|change|raise|lower|"
                       r"update|đặt|lập|tạo|đổi|thay đổi|tăng|giảm)\b).{0,60}?(?:\bbudgets?\b|\b(?:limit|cap|ceiling)\b|\bngân sách\b"
                       r"|\bhạn mức\b)|(?:limit|cap)\b)", re.I)
# a budget asked to be made, not changed ("make me a budget for groceries", "set one up for dining"): with no amount said,
# it is proposed at their usual month there (chat/actions/intent.py) and the card shows the figure before anything changes
NEW_BUDGET_RE = re.compile(LEAD + r"(?:" + WANT + r"(?:make|create|set(?: me| us)? up|setup|start|build|draw up|put together|"
                           r"đặt|lập|tạo)\b).{0,40}?(?:\bbudgets?\b|\bngân sách\b)", re.I)
RECAT_RE = re.compile(LEAD + r"(?:(?:re-?)?file|categori[sz]e|re-?categori[sz]e|put|move|mark|label|tag|classify|change|"
                      r"switch|set|count(?!\s+(?:of|how)\b)|treat|chuyển|đổi|xếp|phân loại|đưa|đánh dấu|gắn nhãn|gắn|ghi)(?!\w)", re.I)
ADD_RE = re.compile(LEAD + r"(?:log|add(?!(?:\s+(?:them|those|these|it|that|everything|all|both|of|the|em|"
                    r"\d+|two|three|four|five|six))*\s+(?:up|together)\b)(?!(?:\s+(?:them|those|these|both|all|em|"
                    r"the))+(?:\s+(?:\d+|two|three|four|five|six))?\s*[?.!]*\s*$)|record|enter|track|book|"
                    r"note down|put in|put (?:it|that|this) in|write (?:it |that |this )?(?:in|down)|"
                    # British: "could you pop that in", "stick it down", "jot that down", "pencil it in"
                    r"(?:pop|stick|bung) (?:it|that|this) (?:in|down|on)|jot (?:it |that |this )?down|"
                    r"pencil (?:it|that|this) in|ghi lại|ghi|thêm|"
                    r"nhập)\b", re.I)  # "add up my orders", "add all 3 up", "add those 2" are arithmetic, not a new transaction
DELETE_VERB = (r"(?:delete|remove|drop|get rid of|erase|wipe(?: out)?|clear(?: out)?|purge|scrap|undo|take out|xoá|xóa|"
               r"xoa|bỏ|loại bỏ|loai bo)\b")
DELETE_RE = re.compile(LEAD + DELETE_VERB, re.I)
UNAVAILABLE_VERB_RE = re.compile(LEAD + r"(?:cancel|stop|end|terminate|unsubscribe|transfer|send|wire|pay|move|remind|"
                                 r"notify|alert|split|"
                                 r"deposit|withdraw|dispute|report|call|email|contact|complain|open|close|apply|hủy|huỷ|"
                                 r"ngừng|dừng|chuyển tiền|trả tiền|thanh toán|rename|merge|archive|combine|đổi tên|gộp|book|reserve|"
                                 r"order|buy|đặt|mua)\b",
                                 re.I)
QUESTION_RE = re.compile(r"^\s*(?:how|what|why|where|when|which|who|is|are|do|does|did|can i|could i|should)\b", re.I)
# a Vietnamese question of how, asked after the verb ("undo sao vậy", "xoá hũ thế nào", "làm sao để đổi danh mục"): how
# to do it, never the request itself (with or without accents)
VI_HOW_RE = re.compile(r"\b(?:làm sao|lam sao|làm thế nào|lam the nao|thế nào|the nao|như nào|nhu nao|ra sao|"
                       r"cách nào|cach nao)\b|\bsao\s*(?:vậy|vay|đây|day|ta|nhỉ|nhi|hả|ha|ạ)?\s*[?.!]*\s*$", re.I)
# whether an undo can be had, asked in Vietnamese ("confirm nhầm rồi undo được hông", "hoàn tác được không"): a question
# about the app, not a request to delete — unless it asks it done for them ("hoàn tác giúp mình được không")
VI_UNDO_ASKED_RE = re.compile(r"(?<!\w)(?:undo|hoàn tác|hoan tac|khôi phục|khoi phuc)(?!\w)[^?.!]{0,20}?\bđược\s+(?:không|"
                              r"hông|hong|ko|k|chứ|chăng)\b|\bundo\b[^?.!]{0,20}?\bduoc\s+(?:khong|hong|ko|k)\b", re.I)
VI_FOR_ME_RE = re.compile(r"(?<!\w)(?:giúp|giùm|hộ|dùm|gium|dum)(?!\w)", re.I)
# "qua" is the Southern "sang" ("chuyển mấy cái Uber qua mục đi lại"), not "hôm qua" (yesterday)
TARGET_SPLIT_RE = re.compile(r"\b(?:as|under|into|to|in|sang|(?<!hôm )(?<!hom )qua|vào|thành|là)\s+"
                             r"(?:the\s+|my\s+|(?:danh )?mục\s+)?(?=\S+)", re.I)
IF_RE = re.compile(r"^\W*(?:if|what if|suppose|say|nếu|giả sử)\b", re.I)
# changing a proposal just made: "actually base it on the 3-month average instead", "make it 20% below instead"
REVISE_RE = re.compile(r"\b(?:instead|rather)\b|^\W*(?:actually|no|nah|hmm|ok|okay|wait)?[\s,]*(?:base it on|make it|"
                       r"change it to)\b|\bthay vào đó\b|\bthay bằng\b", re.I)
# A question asked after the request, in the same message: after punctuation, a dash or a joining word ("then",
# "also,", "and while you're at it,", "btw", Vietnamese "mà", "còn", "với lại"). With a joining word the question may
# start bare ("…, and what dining is at"); after punctuation alone it must be worded as one ("— how much did I…",
# ", what have I paid…", or end in "?"), so "make a jar for coffee, what I spent last month" stays one request.
ASK_SPLIT_RE = re.compile(
    r"(?P<sep>\s*[,;.!]\s*|\s+[-–—]+\s*|\s+)(?P<conn>(?:(?:and|but|oh|so|và)\s+)?(?:then|also|after that|plus|btw|"
    r"by the way|while you'?re at it|and|mà|còn|với lại|rồi|xong)\b[\s,:]*)*"
    r"(?P<ask>(?:tell me|show me|give me|let me know|how much|how many|what|where|which|list|when|did|was|were|is|are|"
    r"do|does|have|has|cho (?:tôi|mình|em) (?:biết|xem)|tổng|bao nhiêu|hết bao nhiêu|tất cả|mấy)(?!\w).+)$", re.I)
WORDED_AS_ASK_RE = re.compile(
    r"^(?:tell me|show me|give me|let me know|list)\b|^(?:how (?:much|many)|what(?:'s)?|which|where|when)\b(?:\s+\w+)?"
    r"\s*(?:'s|did|do|does|was|were|is|are|have|has|had|will|would|can|could|i|we|my)\b|^(?:did|was|were|is|are|do|"
    r"does|have|has)\s+(?:i|we|it|they|that|those|my)\b|\?\s*$|\bbao nhiêu\b|\bbao nhieu\b", re.I)


# Vietnamese joins the question with "mà", "còn", "với lại", "tiện thể" and may start it with anything ("…, trả tiền
# mặt. Mà tháng trước đi chợ hết bao nhiêu?"): after the joining word it must be worded as a question
VI_ASK_SPLIT_RE = re.compile(r"(?:\s*[,;.!]\s*|\s+)(?:mà|còn|với lại|tiện thể|à mà)(?!\w)[\s,:]*(?P<ask>[^.!]*?"
                             r"(?:(?<!\w)bao nhi[êe]u(?!\w)[^.!]*|\?\s*)$)", re.I)


def asked_after(text: str) -> tuple[int, str] | None:
    """Where a question asked after a request starts, and the question; None when the text asks none after it."""
    if (vi := VI_ASK_SPLIT_RE.search(text, 1)) is not None and vi.group("ask").strip():
        return vi.start(), vi.group("ask").strip()
    pos = 1
    while (m := ASK_SPLIT_RE.search(text, pos)) is not None:
        joined = bool(m.group("conn")) or m.group("sep").strip() != ""
        if joined and (m.group("conn") or WORDED_AS_ASK_RE.search(m.group("ask").strip())):
            return m.start(), m.group("ask").strip()
        pos = m.start() + 1
    return None


# a charge that appears twice: "the duplicate", "the double Spotify charge", "billed me twice", "bị trùng" (typed with
# or without accents: "bi trung")
DUPLICATE_RE = re.compile(r"\bduplicat\w*|\bdouble[- ]?(?:charge|charged|payment|billed|billing)\w*|\bdouble(?:\s+[\w&'*.-]+){1,3}?"
                          r"\s+(?:charges?|payments?|transactions?|bills?|entr(?:y|ies))\b|\btwice\b|\bsecond copy\b|"
                          r"\bextra (?:one|charge|copy)\b|\btrùng\b|\bbị trung\b|\bbi trung\b|\btrung lap\b|\bhai lần\b|"
                          r"\bhai lan\b", re.I)
CLAUSE_RE = re.compile(r"[,;.!]\s*|\s+[-–—]+\s+|:\s+|\s+(?:so|then|and then|and please|rồi|thì)\s+", re.I)
# "that amount", "the same figure", "that much", "with that", "it": a request that takes the last answer's figure
THAT_FIGURE_RE = re.compile(r"\b(?:that|this|the same|same)\s+(?:amount|figure|number|sum|total|average|much|"
                            r"price|cost|spend(?:ing)?)\b|\b(?:with|to|at|of|for|as)\s+(?:exactly\s+|just\s+|precisely\s+)?(?:that|this|it)\b"
                            r"|^\s*(?:\w+\s+){0,3}(?:make|set|use|put)\s+(?:that|this|it)\b|\bsố (?:đó|này|tiền đó)\b"
                            r"|\bmức (?:đó|này)\b", re.I)
# "delete that charge", "remove it", "xoá giao dịch đó": the transaction the last answer showed
THAT_ONE_RE = re.compile(r"\b(?:that|this|the|it)\b(?:\s+(?:one|charge|transaction|purchase|payment|order|entry))?|\bđó\b",
                         re.I)


# A request asked in a long polite letter: "would you be so kind as to set me up…", "I was wondering if you could
# make…", "would you mind filing…", "if it's not too much trouble, …". The wrapper asks nothing of its own: it reads
# as "please" before the verb (a gerund after "mind" as the verb itself), so the request is read like any other
POLITE_RE = re.compile(
    r"\b(?:(?:would|could|will|can)\s+(?:you|u)\s+(?:please\s+|kindly\s+)?(?:be\s+(?:so\s+kind|kind\s+enough|good\s+enough|"
    r"so\s+good)\s+(?:as\s+)?to|possibly|perhaps|maybe)"
    r"|i(?:\s+was|\s+am|'m)\s+(?:just\s+)?wondering\s+(?:if|whether)\s+(?:you|u)\s+(?:could|would|might|can|'d)"
    r"(?:\s+(?:possibly|please|kindly|perhaps))?"
    r"|i\s+wonder\s+(?:if|whether)\s+(?:you|u)\s+(?:could|would|might|can)(?:\s+(?:possibly|please|kindly))?"
    r"|i(?:'d|\s+would)\s+(?:be\s+(?:(?:so|very|really|most|ever|truly|super|forever|eternally)\s+){0,3}(?:grateful|"
    r"thankful|obliged|happy)|(?:really\s+|truly\s+)?"
    r"appreciate\s+it|love\s+it)\s+if\s+(?:you|u)\s+(?:could|would|can|might)(?:\s+(?:please|kindly))?"
    r"|(?:do\s+you\s+think|is\s+there\s+any\s+(?:way|chance))\s+(?:you|u)\s+(?:could|can|might)"
    r"|(?:would|could)\s+i\s+(?:please\s+)?(?:ask|trouble|bother)\s+you\s+to)(?=\s+\w)", re.I)
POLITE_ASIDE_RE = re.compile(r"\b(?:if\s+(?:it|that)(?:'s\s+not|\s+is\s+not|\s+isn'?t|'s\s+no|\s+is\s+no)\s+(?:too\s+much\s+)?"
                             r"(?:trouble|bother|hassle|problem)|"
                             r"when(?:ever)?\s+you\s+(?:get|have)\s+a\s+(?:chance|moment|minute|sec(?:ond)?)|"
                             r"if\s+you\s+(?:don'?t|do\s+not)\s+mind|if\s+(?:at\s+all\s+)?possible)\s*,?\s*", re.I)
MIND_RE = re.compile(r"\b(?:would|do)\s+(?:you|u)\s+mind\s+(?P<verb>[a-z]+ing)\b", re.I)
GERUNDS = {"setting": "set", "making": "make", "creating": "create", "starting": "start", "opening": "open",
           "adding": "add", "logging": "log", "filing": "file", "moving": "move", "marking": "mark",
           "deleting": "delete", "removing": "remove", "putting": "put", "raising": "raise", "lowering": "lower",
           "changing": "change", "cancelling": "cancel", "canceling": "cancel", "tagging": "tag",
           "recording": "record", "taking": "take", "labelling": "label", "labeling": "label", "dropping": "drop",
           "increasing": "increase", "reducing": "reduce", "bumping": "bump", "recategorising": "recategorise",
           "recategorizing": "recategorize", "noting": "note", "saving": "save", "entering": "enter",
           "switching": "switch", "getting": "get", "erasing": "erase", "upping": "up", "cutting": "cut"}


# the opening and closing lines of a letter around the request: "Dear Moneta,", "Hi there!", "Good morning!", "I hope
# you're well.", "quick favour -", "sorry to bother you,"; "Many thanks, Linh", "Cheers!", "Best regards"
LETTER_OPEN_RE = re.compile(r"^\s*(?:(?:dear|hi|hello|hey|hiya|greetings|good\s+(?:morning|afternoon|evening|day))\b[^.!?,:\n-]{0,30}"
                            r"[.!?,:\n]+|(?:i\s+)?hope\s+(?:all\s+is|you(?:'re|\s+are)|everything(?:'s|\s+is)|this\s+finds)"
                            r"[^.!?\n]{0,40}[.!?\n]+|(?:a\s+|one\s+)?(?:quick|small|little|tiny)\s+(?:favou?r|request|ask|one)"
                            r"(?:\s+to\s+ask)?(?:\s+for\s+you)?\s*(?:[:,.!]|[-–—]+)|sorry\s+to\s+(?:bother|trouble)\s+you"
                            r"(?:\s+again)?\s*[,.!-]+)\s*", re.I)
LETTER_CLOSE_RE = re.compile(r"[\s,.!]+(?:many\s+thanks|thanks(?:\s+(?:so\s+much|a\s+lot|a\s+ton|in\s+advance|again))?|"
                             r"thank\s+you(?:\s+(?:so\s+much|in\s+advance|kindly))?|cheers|best(?:\s+(?:wishes|regards))?|"
                             r"kind\s+regards|regards|warmly|xoxo|ty|tysm)\b[^.!?\n]{0,30}[.!]*\s*$", re.I)


# "rename the uber eats stuff to food delivery", "rename those charges as Travel": the rows are given another
# category (a re-file, which the assistant proposes), not a category or payee renamed
ROWS_RENAMED_RE = re.compile(r"\brename\b(?=(?:\s+(?:all|the|my|those|these|of|every))*(?:\s+[\w&'*.-]+){0,4}?\s+(?:stuff|"
                             r"transactions?|charges?|purchases?|payments?|orders?|rows|spending|expenses|ones)\s+(?:to|as|"
                             r"into|under)\b)", re.I)


def plain_request(text: str) -> str:
    """The request inside a polite wrapper, with "please" where the wrapper was: "would you be so kind as to set me
    up a jar" → "please set me up a jar", "would you mind filing those under Work" → "please file those under Work".
    A polite sentence before the request ("Dear Moneta, I hope you're well.") stays: each clause is read."""
    text = text or ""
    while (opening := LETTER_OPEN_RE.match(text)) is not None and opening.end() < len(text):
        text = text[opening.end():]
    text = LETTER_CLOSE_RE.sub("", text)
    text = MIND_RE.sub(lambda m: "please " + GERUNDS.get(m.group("verb").lower(), m.group("verb")), text)
    text = POLITE_RE.sub("please", text)
    text = POLITE_ASIDE_RE.sub("", text)
    text = ROWS_RENAMED_RE.sub("recategorize", text)
    return re.sub(r"\bplease\s+(?:please\s+)+", "please ", text)


def looks_like_request(text: str) -> bool:
    """A cheap first look (no parsing): does the text start like a request to change something?"""
    text = plain_request(text)
    return any(r.search(text or "") for r in (JAR_RE, BUDGET_RE, RECAT_RE, ADD_RE, DELETE_RE, UNAVAILABLE_VERB_RE)) \
        or saving_asked(text) is not None


def saving_asked(text: str) -> re.Match[str] | None:
    """"please set aside 200 a month for christmas", "I want to put away 150 a month for a holiday, can you set that
    up": a monthly saving for a goal asked to be set up (a jar), else None."""
    m = SAVE_FOR_RE.search(text or "")
    return m if m and SAVE_ASKED_RE.search(text) else None


# "make me one for rent", "can u set one up for camp, $800", "tạo cho mình một cái": "one" is the kind of thing the
# message before asked about ("how do jars work?"): the request reads as if it had named it
ONE_RE = re.compile(LEAD + r"(?:make|create|start|set(?: me| us)? up|setup|set|open|add|do|build|tạo|lập|mở|đặt)\s+"
                    r"(?:(?:me|us|mình|tôi|em|cho (?:tôi|mình|em))\s+)?(?P<one>(?:an?other|a new|a second|a)\s+one|one|"
                    r"another|một cái(?: nữa)?|cái nữa)(?!\w)", re.I)
KIND_NOUNS = ((re.compile(r"\b(?:jar|envelope|pot|sinking fund)s?\b|(?<!\w)hũ(?!\w)", re.I), "jar", "hũ"),
              (re.compile(r"\bbudgets?\b|\bngân sách\b", re.I), "budget", "ngân sách"))


def one_named(text: str, asked_before: str) -> str:
    """The request with its "one" replaced by what the message before asked about (a jar, a budget); as said when
    it says no "one" or the message before names neither."""
    # "set one up", "make another one up": the same as "set up one"
    text = re.sub(r"\b(set|make|fix)\s+((?:an?other|a new|a second)\s+one|one|another)\s+up\b", r"\1 up \2", text or "",
                  flags=re.I)
    m = ONE_RE.search(text)
    if m is None or not asked_before:
        return text
    for noun_re, noun, noun_vi in KIND_NOUNS:
        if noun_re.search(asked_before) and not noun_re.search(text):
            said = noun_vi if re.search(r"[^\x00-\x7f]", m.group("one")) else f"a {noun}"
            return text[:m.start("one")] + said + text[m.end("one"):]
    return text
