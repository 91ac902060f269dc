"""Words people use for money things, and the words that carry no filter.

Concepts name a kind of merchant ("coffee", "gas") by well-known chains and by words that appear in merchant
names; they are resolved against the user's own merchants (and, failing that, a category). Category synonyms
map everyday words to the category they usually mean. Everything is accent-stripped lower case.
"""
from __future__ import annotations

import re

from transactions.query.foreign_words import FOREIGN_CATEGORY_WORDS, FOREIGN_CONCEPT_WORDS

# concept → (words/chains found in merchant names, fallback category, label)
CONCEPTS: dict[str, tuple[tuple[str, ...], str | None]] = {
    "coffee": (("coffee", "cafe", "caffe", "espresso", "starbucks", "peet", "peets", "dunkin", "costa", "philz",
                "tim hortons", "caribou", "blue bottle", "highlands", "phuc long", "trung nguyen", "cong caphe",
                "ca phe", "caphe", "nero", "pret"), None),
    "gas": (("shell", "chevron", "exxon", "mobil", "exxonmobil", "bp", "arco", "texaco", "valero", "sunoco",
             "citgo", "marathon", "speedway", "circle k", "wawa", "sheetz", "76", "petro", "fuel", "gas station",
             "petrolimex", "esso", "total energies", "caltex", "engen", "sasol", "indian oil", "hp petrol"), None),
    "rideshare": (("uber", "uber trip", "lyft", "grab", "bolt", "taxi", "cab", "be group", "xanh sm", "ola"), None),
    "food delivery": (("uber eats", "doordash", "grubhub", "postmates", "deliveroo", "grabfood", "just eat",
                       "swiggy", "zomato", "shopeefood", "baemin"), None),
    # food bought ready to eat elsewhere: their delivery apps when they have one, else what they spend eating out
    "takeaway": (("uber eats", "doordash", "grubhub", "postmates", "deliveroo", "grabfood", "just eat", "swiggy",
                  "zomato", "shopeefood", "baemin", "menulog", "foodpanda", "takeaway", "takeout"), "Dining"),
    "streaming": (("netflix", "spotify", "hulu", "disney", "hbo", "youtube", "apple music", "prime video",
                   "paramount", "peacock", "deezer", "tidal"), "Subscriptions"),
    # what is watched on the telly: the video services, not the music ones
    "tv streaming": (("netflix", "hulu", "disney", "hbo", "youtube", "prime video", "paramount", "peacock", "now tv",
                      "britbox", "apple tv", "sky"), "Subscriptions"),
    "pharmacy": (("cvs", "walgreens", "rite aid", "boots", "pharmacy", "chemist", "duane reade", "long chau",
                  "pharmacity"), "Health"),
    "airline": (("delta", "united", "american airlines", "southwest", "jetblue", "alaska air", "air lines",
                 "airlines", "airways", "ryanair", "easyjet", "vietjet", "vietnam airlines", "bamboo"), "Travel"),
    "gym": (("fitness", "gym", "planet fitness", "equinox", "crossfit", "yoga", "24 hour fitness", "la fitness"),
            "Health"),
    "dental": (("dental", "dentist", "orthodont", "smiles"), "Health"),
    "phone and internet": (("comcast", "xfinity", "verizon", "at t", "t mobile", "tmobile", "sprint", "vodafone",
                            "viettel", "vinaphone", "mobifone", "fpt", "spectrum", "internet"), "Utilities"),
    "electricity": (("pg e", "pge", "electric", "energy", "power", "edison", "evn", "con ed"), "Utilities"),
    "rent": (("apartments", "apartment", "rent", "property", "realty", "landlord", "lease"), "Rent"),
    "amazon": (("amazon", "amzn"), None),
    "payroll": (("payroll", "salary", "wages", "paycheck", "direct dep", "luong"), "Salary"),
    # a refund of tax, by the tax office's name on a statement ("IRS TREAS 310 TAX REF", "HMRC", "ATO")
    "tax refund": (("irs", "tax ref", "tax refund", "treas", "hmrc", "ato", "franchise tax", "dept of revenue",
                    "revenue"), None),
}
# spoken forms → concept
CONCEPT_WORDS: dict[str, str] = {
    "coffee": "coffee", "coffees": "coffee", "cafe": "coffee", "cafes": "coffee", "latte": "coffee",
    "lattes": "coffee", "ca phe": "coffee", "cafe sua": "coffee", "espresso": "coffee",
    "gas": "gas", "fuel": "gas", "petrol": "gas", "gasoline": "gas", "fill up": "gas", "fill ups": "gas",
    "fill-up": "gas", "fill-ups": "gas", "filled up": "gas", "fill up at": "gas", "gas station": "gas",
    "gas stations": "gas", "filling station": "gas", "filling stations": "gas", "petrol station": "gas",
    "service station": "gas", "gas pump": "gas", "the pumps": "gas", "xang": "gas", "do xang": "gas", "tien xang": "gas",
    # Australian and British words for the petrol station and a coffee ("the servo", "a cuppa", "flat whites")
    "servo": "gas", "servos": "gas", "the servo": "gas", "petrol stations": "gas",
    "cuppa": "coffee", "cuppas": "coffee", "flat white": "coffee", "flat whites": "coffee",
    "rideshare": "rideshare", "ride share": "rideshare", "taxi": "rideshare", "taxis": "rideshare",
    "cab": "rideshare", "cabs": "rideshare",
    # rides said alone ("rides in the last 2 weeks"): their ride-hailing; after a name it heads it ("uber rides")
    "rides": "rideshare", "car rides": "rideshare", "rideshares": "rideshare",
    "food delivery": "food delivery", "delivery": "food delivery", "takeout delivery": "food delivery",
    "takeaway": "takeaway", "takeaways": "takeaway", "takeout": "takeaway", "takeouts": "takeaway",
    "take out": "takeaway", "take away": "takeaway", "takeaway food": "takeaway", "takeout food": "takeaway",
    "streaming": "streaming", "streaming services": "streaming",
    "pharmacy": "pharmacy", "drugstore": "pharmacy", "chemist": "pharmacy", "prescriptions": "pharmacy",
    "chemists": "pharmacy", "druggist": "pharmacy", "apothecary": "pharmacy", "drug store": "pharmacy",
    "flights": "airline", "flight": "airline", "airfare": "airline", "plane tickets": "airline",
    "airline": "airline", "airlines": "airline", "ve may bay": "airline",
    # the verb of air travel ("did I fly anywhere", "when we flew to Denver"): the airline's charges
    "fly": "airline", "flew": "airline", "flown": "airline", "flying": "airline", "may bay": "airline",
    "gym": "gym", "gym membership": "gym", "fitness": "gym",
    "dentist": "dental", "dental": "dental", "teeth": "dental", "nha si": "dental",
    "phone bill": "phone and internet", "mobile bill": "phone and internet", "mobile phone bill": "phone and internet", "internet": "phone and internet", "internet bill": "phone and internet",
    "cable": "phone and internet", "wifi": "phone and internet",
    "electricity": "electricity", "electric bill": "electricity", "power bill": "electricity", "electric": "electricity",
    "electricity bill": "electricity", "energy bill": "electricity", "gas and electric": "electricity", "electric company": "electricity",
    "tien dien": "electricity",
    "phong tap": "gym", "phong gym": "gym", "tap gym": "gym", "the duc": "gym", "tap the duc": "gym",
    "the hinh": "gym", "phong tap the hinh": "gym",
    "dien thoai": "phone and internet", "cuoc dien thoai": "phone and internet",
    "tien mang": "phone and internet", "cuoc mang": "phone and internet", "tien internet": "phone and internet",
    "tien wifi": "phone and internet", "mang internet": "phone and internet",
    "amzn": "amazon",
    "apartment": "rent", "the apartment": "rent", "landlord": "rent", "my landlord": "rent",
    "paycheck": "payroll", "paychecks": "payroll", "pay check": "payroll", "pay checks": "payroll",
    "salary": "payroll", "wages": "payroll", "payroll": "payroll", "my job": "payroll", "employer": "payroll",
    "tien luong": "payroll", "from work": "payroll", "my work": "payroll", "from my job": "payroll",
    "work pay": "payroll", "my pay": "payroll", "our pay": "payroll",
    # British and Australian words for the pay itself ("my pay packet", "payslips", "paycheques")
    "pay packet": "payroll", "pay packets": "payroll", "my pay packet": "payroll", "my pay packets": "payroll", "payslip": "payroll", "payslips": "payroll",
    "pay slip": "payroll", "pay slips": "payroll", "paycheque": "payroll", "paycheques": "payroll",
    # British words for the household's services ("the broadband", "the telly subscription", "the heating",
    # "diesel"): the same kinds of merchant as their American names
    "broadband": "phone and internet", "broadband bill": "phone and internet", "the broadband": "phone and internet",
    "landline": "phone and internet", "phone line": "phone and internet", "mobile contract": "phone and internet",
    "phone contract": "phone and internet", "mobile phone": "phone and internet", "the mobile": "phone and internet",
    "internet provider": "phone and internet",
    "telly subscription": "tv streaming", "tv subscription": "tv streaming", "television subscription": "tv streaming",
    "telly subscriptions": "tv streaming", "tv subscriptions": "tv streaming", "tv streaming": "tv streaming",
    "heating": "electricity", "the heating": "electricity", "heating bill": "electricity", "energy": "electricity",
    "gas and electricity": "electricity", "electricity and gas": "electricity", "gas bill": "electricity",
    "diesel": "gas", "unleaded": "gas", "forecourt": "gas",
    "tax refund": "tax refund", "tax refunds": "tax refund", "tax return refund": "tax refund",
    "irs refund": "tax refund", "tax rebate": "tax refund", "refund from the irs": "tax refund",
}
# everyday words → the category they usually mean (resolved against the user's own category names)
CATEGORY_WORDS: dict[str, tuple[str, ...]] = {
    "Dining": ("dining", "dining out", "eating out", "eat out", "ate out", "restaurant", "restaurants", "takeout",
               "takeaway", "take out", "meals out", "meal", "meals", "lunch", "lunches", "dinner", "dinners",
               "breakfast", "brunch", "food", "eating", "an uong", "an ngoai", "an trua", "an toi", "an sang",
               "nha hang", "do an", "quan an", "di an", "an com", "di an ngoai", "an o ngoai", "an ben ngoai",
               # "tiền ăn" (food money): "ăn" alone is a verb that names nothing, with "tiền" before it the thing paid
               "tien an", "tien an uong", "tien an ngoai", "tien com",
               # older and descriptive names of places to eat ("the diner", "the cafeteria", "the eatery")
               "diner", "diners", "cafeteria", "canteen", "eatery", "eateries", "bistro", "luncheonette",
               "supper", "suppers", "supper club",
               # Australian and British words for meals bought ("brekkie", "takeaways", "the chippy")
               "brekkie", "brekky", "takeaways", "chippy", "the chippy", "chip shop", "the chip shop",
               # the British pub and caff ("a pub lunch", "the curry house", "tea rooms")
               "pub", "pubs", "the pub", "pub lunch", "pub lunches", "pub meal", "pub meals", "carvery", "caff",
               "the caff", "tea room", "tea rooms", "tearoom", "tearooms", "curry house", "the curry house",
               "fish and chips"),
    "Groceries": ("grocery", "groceries", "grocery store", "grocery stores", "supermarket", "supermarkets",
                  "food shopping", "food shop", "grocer", "grocers", "greengrocer",
                  "the grocer's", "grocery shopping", "the weekly shop", "weekly shop", "the big shop", "provisions", "butcher", "butchers", "the butcher's", "di cho", "sieu thi", "thuc pham", "tien cho", "cho", "tap hoa",
                  "do tap hoa", "tien tap hoa"),
    "Transport": ("transport", "transportation", "commute", "commuting", "getting around", "travel costs",
                  "driving", "transit", "di lai", "xe co", "giao thong",
                  # fares and the ways of getting about ("bus fares", "the tube", "the train", "car parks")
                  "bus", "buses", "bus fare", "bus fares", "train", "trains", "train fare", "train fares",
                  "train tickets", "rail", "rail fares", "railway", "the tube", "tube fares", "underground", "tram",
                  "trams", "parking", "car park", "car parks", "tolls"),
    "Utilities": ("utilities", "utility", "utility bills", "water bill", "water company",
                  "the water board", "dien nuoc", "tien nuoc", "hoa don"),
    "Rent": ("rent", "housing", "tien nha", "thue nha"),
    "Shopping": ("shopping", "clothes", "clothing", "stuff online", "online shopping", "mua sam", "quan ao"),
    "Health": ("health", "healthcare", "medical", "doctor", "doctors", "medicine", "medicines", "meds", "medication",
               "medications", "suc khoe", "thuoc",
               # the British GP and opticians ("the surgery" is too many things to be one)
               "gp", "the gp", "optician", "opticians", "the opticians", "optometrist", "eye test", "physio",
               "benh vien"),
    "Travel": ("travel", "vacation", "vacations", "holiday", "holidays", "hotel", "hotels",
               "du lich"),
    "Subscriptions": ("subscriptions", "subscription", "subs", "dang ky"),
    "Entertainment": ("entertainment", "fun", "movies", "movie", "cinema", "concerts",
                      # older names of the cinema ("the picture show", "the pictures", "the flicks")
                      "picture show", "picture shows", "the pictures", "picture house", "picture palace",
                      "the flicks", "flicks", "movie theater", "movie theatre", "movie house", "theater", "theatre",
                      "show tickets", "games", "giai tri", "phim",
                      "xem phim", "ve xem phim", "ve phim", "rap phim"),
    "Fees": ("fees", "fee", "bank fees", "charges fees", "phi"),
    "Transfers": ("transfer", "transfers", "bank transfer", "bank transfers", "wire transfer", "chuyen khoan",
                  "chuyen tien", "tien chuyen khoan"),
    "Income": ("income", "thu nhap"),
    "Salary": ("luong",),
}
# everyday words that cover several categories at once ("without rent or food": food is both eating out and the
# groceries): read as all of those the user has, before CATEGORY_WORDS' one category ("food" stays Dining there
# for the spelling and nickname word lists)
GENERIC_CATEGORY_WORDS: dict[str, tuple[str, ...]] = {
    "food": ("Dining", "Groceries"), "food and drink": ("Dining", "Groceries"), "food and drinks": ("Dining", "Groceries"),
    "food costs": ("Dining", "Groceries"), "food spending": ("Dining", "Groceries"),
}
# words of other languages (Spanish "supermercado", "renta", "luz"): their one home is foreign_words.py
for _category, _words in FOREIGN_CATEGORY_WORDS.items():
    CATEGORY_WORDS[_category] = (*CATEGORY_WORDS[_category], *_words)
CONCEPT_WORDS.update(FOREIGN_CONCEPT_WORDS)
# regional words said for a word of the grammar ("was it dearer in March": pricier), read as that word
REGIONAL_GRAMMAR_WORDS = {"dearer": "pricier", "dearest": "priciest"}
# words that are part of asking, not part of what is asked about
STOPWORDS = set("""
a an the i me my mine myself we our us you your it its it's this that these those there here what what's whats which
who whom whose when where why how is are was were be been being am do does did done doing have has had having
can could would should will shall may might must to of in on at for from by with via about as into over under than
and or but if so not no yes too very just only also again even ever still all any some each every both either
per up down out off then now already yet get got getting give gave show shows showed list find tell let know
please pls plz thanks thank thx ok okay hey hi hello um uh lol lmao haha btw tho though like really actually
basically much many more most less least lot lots total totals sum sums overall aggregate altogether all together combined
spend spent spending spends paid pay paying pays buy bought buying cost costs costing costed charged charge charges charging
billed billing
purchase purchases purchased order orders ordered transaction transactions payment payments expense expenses
money dollars dollar bucks usd quid pounds pence amount amounts figure number times time often frequently much count counts tally
blow blew blown drop dropped shelled forked shell-out fork go goes went going gone put putting
spending? money? how's hows who's whos i've ive i'd id i'm im i'll ill whatd what'd whered howd whod whend whatre
average avg typical typically usually normally monthly month months year years week weeks day days so far
biggest largest smallest cheapest priciest costliest dearest expensive highest lowest single one ones once one-time one-off oneoff go
top best worst main compare compared comparison versus vs difference between against
come came coming in out income earn earned earnings received receive made make making credits debits deposits
list show display pull look lookup search see view summary summaries summarise summarize overview rundown recap
stuff things thing items item place places spot spots store stores shop shops market mkt merchant merchants vendor vendors burn burns burned burnt burning
category categories kind kinds type types breakdown break broken group grouped
rides ride trips trip bill bills run runs visit visits fill fills stop stops session sessions
use using used based eat ate eats eating go going visit visited favorite favourite rank ranking ranked sort sorted usual usually normal typical weekly daily yearly annual annually going rising trend damage tally anything something everything save saved saving savings habit
last latest recent recently next previous prior ago since until till during before after past look looking need want wanted wondering curious trying try
entire altogether together exactly roughly approximately about around
exact precise precisely rounded nearest cent cents penny pennies ballpark approx approximate inclusive
asap tbh ngl fr yo idk imo lmk quick quickly briefly honest honestly frankly seriously truthfully
payee payees outgoing outgoings account accounts separate separately individual different distinct hit hits overall whole entire single go-to goto
set sets take takes took taken taking give gives gave given giving send sends sent receive receives got gets businesses companies company firms sellers seller shops stores haul hauls splurge splurges lately recently back while etc etcetera worse better placed averaged averaging wise money-wise memberships membership tickets statement statements
hang dat lan goi tren mua vao app apps
mo muc loai
toi minh ban cua cac nhung giao dich khoan chi tieu tien cho tai tim xem bao nhieu va hay da mua dong vnd
nhe giup trong ve la co khong roi het bao nhieu thi sao con the nao nay do gi vay a oi nao tong cong di
nhat lon nho nhieu it so sanh voi nua trung binh moi thang liet ke hon binh thuong danh muc gan day dat re
ton lai gop chung tinh dau noi cai chia tach
biet oi nhe nha dum giup giùm gium
thats thatd thatll they them their theirs theyre theyve whatll whatever alright yeah yep yup nope hmm oh
wait nvm nevermind fine sorry oops meant anyways
gotten anywhere somewhere real actual proper mostly mainly
toward towards ended across throughout within
i.e ie e.g eg i.e. e.g. meaning namely
whether kindly reckon reckons reckoned perhaps possibly presumably essentially literally grateful appreciate
appreciated obliged bother bit tad anyhow regards sincerely cheers
""".split())
# the verbs of earning said as phrases ("bring in", "took home", "take-home pay", "landed in my account"):
# read as income, never a name
INCOME_VERB_RE = re.compile(r"\b(?:bring|brings|bringing|brought|take|takes|taking|took|taken)[- ](?:in|home)\b"
                            r"(?:\s+pay\b)?|\b(?:landed|lands|hit|hits|arrived|showed up|came through)(?= (?:in(?:to)? )?"
                            r"(?:my|our|the) (?:account|bank|checking|current account)\b)|\bincoming\b")
# how the figure should be given ("to the nearest dollar", "bottom line?", "a rough estimate is fine"): no filter
MANNER_RE = re.compile(r"\b(?:bottom line|rough(?:ly)?(?: an?)? estimate|ballpark(?: figure| number)?|real quick|"
                       r"quick q(?:uestion)?|round(?:ed)?(?: (?:up|down|off))?(?: to(?: the)? nearest \w+)?|"
                       r"to the nearest (?:cent|penny|dollar|buck|hundred|thousand)|(?:is|are|would be) fine|will do|"
                       r"in (?:usd|dollars|us dollars))\b")
# nouns that head a phrase after a name ("lyft rides", "peet's coffee"): a preceding unknown word is a name
HEAD_NOUNS = {"rides", "ride", "trips", "trip", "orders", "order", "purchases", "purchase", "charges", "charge",
              "bill", "bills", "spending", "spend", "subscription", "subscriptions", "payments", "payment",
              "visits", "runs", "stuff", "transactions", "coffee", "membership", "tickets", "fees", "fee"}
# nouns of single transactions ("which purchase", "the biggest charge", "avg order"), the one home of the words; two uses:
# - UNIT_NOUN_RE (follow-ups): the rows, not the ranked items: a word of the edit, no new subject
# - PER_ITEM_RE (an average): an average of single rows, not of months ("average purchase", "avg basket", "per trip")
ROW_NOUNS = r"purchases?|transactions?|charges?|orders?|rides?|trips?|visits?|payments?"
UNIT_NOUN_RE = re.compile(rf"\b(?:single|{ROW_NOUNS}|items?|khoan|giao dich)\b")
PER_ITEM_RE = re.compile(rf"\b(?:{ROW_NOUNS}|txns?|tickets?|baskets?|shops?|meals?|bills?|swipes?|"
                         r"per (?:visit|purchase|order|trip|time))\b")
# nouns that make the word before them a description of a shop or service of theirs ("the burrito place", "that
# music thing", "the film streaming one"): what it sells or does, not what it is called (query/described.py, and
# chat/answer_fit: such a description is not a thing nothing is about)
PLACE_NOUNS = ("place", "spot", "joint", "shop", "store", "restaurant", "cafe", "bar", "guy", "one", "ones", "service",
               "app", "company", "provider", "subscription", "membership", "thing")
# words after which an unknown word is a name the user means ("at Costco", "pay Hulu")
NAME_PREPOSITIONS = {"at", "from", "to", "with", "via", "on", "pay", "paid", "paying", "for", "tai", "o", "cho"}
# words of the grammar itself: union, exclusion, ranking, per-unit and range words (the parser reads them; they
# name nothing)
GRAMMAR_WORDS = set("""
plus together combined combine both including include includes included incl along inclusive sum added add adding
except excluding exclude excluded counting other besides apart aside without leave leaving left minus ignoring
ignore skip skipping not isn't wasn't weren't aren't don't didn't doesn't
second third fourth fifth runner next after following previous following remaining rest
one two three four five six seven eight nine ten twelve dozen couple few several
per each every weekly daily nightly hourly monthly annually through thru till until since from between
higher lower bigger smaller more less cheaper pricier greater fewer same
ca hai ngoai ra ke excl sans well stack stacks stacked else
numbers figures apiece respectively
""".split())
# words that ask for an order of the rows the query does not have ("my first amazon order", "the earliest one"):
# never the name of what is asked about; left not understood, so the answer says so at low confidence
ORDER_WORDS = {"first", "earliest", "oldest", "initial", "original"}
