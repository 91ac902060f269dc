"""What Moneta cannot do for the user, from the chat or at all: reminders, cancelling at a provider, moving or paying
money, contacting a bank, renaming categories, booking or buying, opening accounts. A request for one is answered
with why, plainly, and the steps the user can take instead (explain_unavailable_action), in English and
Vietnamese. What Moneta has and lacks in data is the capability map (chat/capabilities.py)."""
from __future__ import annotations

import re
from dataclasses import dataclass


def _re(text: str) -> re.Pattern[str]:
    return re.compile(text, re.I)


@dataclass(frozen=True)
class Unavailable:
    what: str
    pattern: re.Pattern[str]
    why: str
    steps: tuple[str, ...]
    why_vi: str = ""
    steps_vi: tuple[str, ...] = ()


# Vietnamese requests to move or pay money: a verb of moving with an amount after it, or money put into a jar, a fund or
# an account, or paying "for me" ("chuyển khoản bao nhiêu tháng trước" asks what was moved: no amount, no place)
_VI_HELP = r"(?:\s+(?:giúp|giùm|hộ|dùm)(?:\s+(?:tôi|mình|em|tui|anh|chị))?)?"
_VI_AMOUNT = r"\s+(?:\$\s?\d|\d[\d.,]*\s*(?:k|đô|đồng|usd|\$|triệu|tr|nghìn|ngàn|củ)?\b)"
VI_MOVE_MONEY = (rf"|\b(?:chuyển|chuyển khoản|gửi|nạp|rút|bỏ|cất)\b{_VI_HELP}{_VI_AMOUNT}"
                 r"|\b(?:chuyển|chuyển khoản|gửi|nạp|bỏ|cất)\b(?:\s+\S+){0,6}?\s+(?:vào|sang|qua)\s+(?:cái\s+)?"
                 r"(?:hũ|quỹ|tài khoản|tk|sổ tiết kiệm|tiết kiệm|heo đất)(?!\w)"
                 r"|\b(?:trả|thanh toán|đóng)\s+(?:giúp|giùm|hộ|dùm)\b")

# a change to a jar other than creating it or its monthly amount ("delete my coffee jar", "rename the trip jar",
# "pause my vacation jar", "xoá hũ cà phê"); "drop my coffee jar to $50" is its amount (chat/actions/jar_change.py)
_NO_NEW_AMOUNT = r"(?s)^(?!.*\b(?:to|by|at|xuống|lên|thành|còn)\s*[$€£]?\s*\d)"
JAR_OTHER = (_NO_NEW_AMOUNT + r".*?(?:\b(?:delete|remove|drop|get rid of|rename|archive|pause|close|freeze|hide|merge|"
             r"combine|restore|unarchive|empty|reset|kill|trash)\b.{0,40}\b(?:jars?|envelopes?|sinking funds?)\b|"
             r"(?<!\w)(?:xoá|xóa|xoa|bỏ|đổi tên|gộp|tạm dừng|dừng|lưu trữ|đóng)(?!\w).{0,30}(?<!\w)hũ(?!\w))")
# a change to one transaction's own fields ("change the amount of the Starbucks charge to $5", "fix the date of …",
# "edit the description of …"): the Transactions page
TX_FIELDS = (r"\b(?:change|edit|fix|correct|update|modify|adjust|set)\b.{0,25}\b(?:amount|date|description|memo|note|"
             r"merchant|payee|account|price|value)\b.{0,30}\b(?:charge|transaction|purchase|payment|entry|expense|bill|"
             r"order|one)\b|\b(?:change|edit|fix|correct|update|modify)\b.{0,40}\b(?:charge|transaction|purchase|payment|"
             r"entry|order)\b.{0,30}\b(?:amount|date|description|memo|price)\b|\b(?:sửa|đổi|chỉnh)\b.{0,20}\b(?:số tiền|"
             r"ngày|mô tả)\b.{0,30}\b(?:giao dịch|khoản)\b")
# text written for the user — an email, a letter, a message, a poem — or translated: Moneta answers about their money
# and the app, it writes nothing for them ("write me an email to my landlord", "soạn giùm tin nhắn xin tăng lương",
# "dịch đoạn này sang tiếng Anh"); a note to keep is a note (chat/actions/control.note_call), not this
# (a summary or a review of their spending is a money question, not a text: neither is here)
_TEXTS = (r"(?:e-?mails?|letters?|messages?|texts?|poems?|essays?|speech|posts?|tweets?|cover letters?|complaints?|"
          r"replies|reply|haikus?|sonnets?|limericks?|songs?|lyrics|raps?|stor(?:y|ies)|jokes?|bios?|resumes?|cvs?|"
          r"captions?|articles?|toasts?|invitations?|thank[- ]you notes?)")
_VI_TEXTS = r"(?:e-?mail|mail|thư|lá thư|tin nhắn|bài thơ|thơ|bài văn|bài đăng|bài|đoạn văn|văn bản|đơn|lời nhắn)"
WRITE_FOR_ME = (rf"\b(?:write|draft|compose|pen)\b(?:\s+(?:me|us|up|out))?\s+(?:(?:a|an|the|my|some|this|that|"
                rf"quick|short|nice|polite|formal|angry|new)\s+){{0,3}}(?:\w+\s+){{0,2}}{_TEXTS}\b"
                r"|\btranslate\b.{0,40}\b(?:into|to)\s+(?:english|vietnamese|spanish|french|chinese|german)\b"
                # asked of Moneta: the verb opening the turn or with "giúp/giùm/hộ" after it ("ai là người viết bài hát
                # này", who wrote this song, asks no writing)
                rf"|(?:^\W*(?:(?:bạn|em|anh|chị|tôi|mình|hãy|làm ơn|có thể|nhờ|giúp|giùm)\s+)*(?:viết|soạn|thảo)(?!\w)"
                rf"|(?<!\w)(?:viết|soạn|thảo)(?=\s+(?:giúp|giùm|hộ|dùm)(?!\w)))"
                rf"(?:\s+(?:giúp|giùm|hộ|dùm|cho)(?:\s+(?:tôi|mình|em|tui|anh|chị))?)?(?:\s+(?:một|1|cái))*\s+{_VI_TEXTS}"
                r"(?!\w)(?!\s+hát)"
                r"|(?<!\w)dịch(?!\w).{0,40}\bsang tiếng\b")
UNAVAILABLE_MORE: tuple[Unavailable, ...] = (
    Unavailable("write text for you", _re(WRITE_FOR_ME),
                "Moneta can't write emails, letters, messages or other text for you, nor translate it: it answers "
                "questions about your own money and about the app.",
                ("Write it in your email or messaging app.",
                 "If it needs figures, ask me for them first, for example \"what did I pay in rent this year?\" or "
                 "\"how much did I spend on utilities last month?\", and copy them in."),
                "Moneta không viết email, thư, tin nhắn hay văn bản nào thay bạn được, cũng không dịch: Moneta chỉ trả "
                "lời về tiền của bạn và về ứng dụng.",
                ("Hãy tự viết trong ứng dụng email hoặc nhắn tin của bạn.",
                 "Nếu cần số liệu, hãy hỏi tôi trước, ví dụ \"năm nay tôi trả tiền nhà bao nhiêu?\" hay \"tháng trước "
                 "tiền điện nước hết bao nhiêu?\", rồi chép vào.")),
    Unavailable("change or delete a jar", _re(JAR_OTHER),
                "The assistant can't delete, rename, archive or merge a jar from the chat; it can create a jar or change "
                "a jar's monthly amount, with your confirmation.",
                ("Open **Jars & budgets** and press **Rename or archive** on the jar's card.",
                 "Type the new name and press **Rename**, or press **Archive** to put it away (**Restore** brings it "
                 "back); **Merge into…** folds it into another jar.",
                 "To change its monthly amount instead, ask me (\"lower my coffee jar to $50\") and confirm the card."),
                "Trợ lý không xoá, đổi tên, lưu trữ hay gộp hũ từ khung chat được; trợ lý chỉ tạo hũ mới hoặc đổi số "
                "tiền hằng tháng của hũ, khi bạn xác nhận.",
                ("Mở **Hũ & ngân sách** và bấm **Đổi tên hoặc lưu trữ** trên thẻ của hũ.",
                 "Gõ tên mới rồi bấm **Đổi tên**, hoặc bấm **Lưu trữ** để cất hũ đi (**Khôi phục** để lấy lại); "
                 "**Gộp vào…** gộp hũ vào một hũ khác.",
                 "Muốn đổi số tiền hằng tháng thì nhờ tôi (\"giảm hũ cà phê xuống 50 đô\") rồi xác nhận thẻ.")),
    Unavailable("split a transaction",
                _re(r"\bsplit\b.{0,40}\b(?:charge|transaction|purchase|receipt|payment|order)\b.{0,40}\b(?:into|across|"
                    r"between|in two|in half)\b|\bsplit\b.{0,40}\b(?:across|between)\b.{0,20}\bcategor\w*|"
                    r"(?<!\w)(?:tách|chia)(?!\w).{0,30}\b(?:giao dịch|khoản)\b.{0,30}\b(?:danh mục|mục)\b"),
                "The assistant can't split a transaction from the chat.",
                ("Open **Transactions** and click the transaction.",
                 "Under **Split across categories**, give each part a category and an amount (they must add up to the "
                 "whole).",
                 "Press **Split**; **Undo the split** on the same page puts it back together."),
                "Trợ lý không tách một giao dịch từ khung chat được.",
                ("Mở **Giao dịch** và bấm vào giao dịch đó.",
                 "Ở **Chia theo danh mục**, đặt danh mục và số tiền cho từng phần (cộng lại phải bằng cả khoản).",
                 "Bấm **Chia**; **Hoàn tác chia** trên cùng trang để gộp lại.")),
    Unavailable("edit a transaction", _re(TX_FIELDS),
                "The assistant can't edit a transaction's amount, date or description from the chat; it can re-file "
                "transactions under a category, add one or delete one, with your confirmation.",
                ("Open **Transactions** and click the transaction.",
                 "Change its date, amount, description, merchant, category or note and press **Save changes** (your "
                 "change wins over automatic categorisation and a re-import never overwrites it).",
                 "If it is simply wrong, ask me to delete it (and log the right one), then confirm the cards."),
                "Trợ lý không sửa số tiền, ngày hay mô tả của giao dịch từ khung chat được; trợ lý có thể xếp giao dịch "
                "vào danh mục, thêm hoặc xoá giao dịch, khi bạn xác nhận.",
                ("Mở **Giao dịch** và bấm vào giao dịch đó.",
                 "Sửa ngày, số tiền, mô tả, người nhận, danh mục hoặc ghi chú rồi bấm **Lưu thay đổi**.",
                 "Nếu giao dịch sai hẳn, hãy nhờ tôi xoá nó (và ghi lại khoản đúng) rồi xác nhận thẻ.")),
    Unavailable("create a category",
                _re(r"^\W*(?:(?:please|pls|can you|could you|would you|i want to|i'd like to|let'?s)\s+)*(?:create|add|make|"
                    r"set up|start|open)\s+(?:me\s+)?(?:a\s+)?(?:new\s+)?(?:expense\s+|income\s+|spending\s+)?categor(?:y|ies)\b"
                    r"(?!.{0,60}\b(?:and|then)\s+(?:file|move|put)\b)|(?<!\w)(?:tạo|thêm|lập)\s+(?:một\s+)?(?:danh mục|mục)"
                    r"(?:\s+mới)?(?!\w)"),
                "The assistant can't create an empty category from the chat; it can file transactions under a new "
                "category (created when you confirm), e.g. \"file my vet bills under Pets\".",
                ("Open **Transactions**, then **Categories & payees**.",
                 "Type its name under **New category**, pick its kind (Expense, Income or Transfer) and press "
                 "**Create**."),
                "Trợ lý không tạo danh mục trống từ khung chat được; trợ lý có thể xếp giao dịch vào một danh mục mới "
                "(tạo khi bạn xác nhận), ví dụ \"xếp tiền khám thú y vào mục Thú cưng\".",
                ("Mở **Giao dịch**, rồi **Danh mục & người nhận**.",
                 "Gõ tên ở **Danh mục mới**, chọn loại (Chi, Thu hoặc Chuyển khoản) rồi bấm **Tạo**.")),
    Unavailable("export your data",
                _re(r"\b(?:export|download|send me)\b.{0,30}\b(?:data|transactions|statements?|history|csv|spreadsheet|"
                    r"excel|everything)\b|\b(?:xuất|tải)\b.{0,20}\b(?:dữ liệu|giao dịch|file|excel|csv)\b"),
                "The assistant can't export or send files from the chat.",
                ("Open **Account** in the menu and find **Your data**.",
                 "Press **Download my data (.zip)**: one CSV and one JSON file for each kind of data, your transactions "
                 "included."),
                "Trợ lý không xuất hay gửi tệp từ khung chat được.",
                ("Mở **Tài khoản** trong menu và tìm **Dữ liệu của bạn**.",
                 "Bấm **Tải dữ liệu của tôi (.zip)**: mỗi loại dữ liệu một tệp CSV và một tệp JSON, có cả giao dịch.")),
    Unavailable("change your settings",
                _re(r"\b(?:change|switch|set|update)\b.{0,15}\b(?:my|the|app'?s?)?\s*(?:currency|language)\b|"
                    r"\b(?:đổi|chuyển)\b.{0,15}\b(?:tiền tệ|đơn vị tiền|ngôn ngữ)\b"),
                "The assistant can't change your settings from the chat.",
                ("Open **Account** in the menu; the first section is **Profile and preferences**.",
                 "Pick the **Language** and the **Currency** and press **Save settings**."),
                "Trợ lý không đổi cài đặt của bạn từ khung chat được.",
                ("Mở **Tài khoản** trong menu; phần đầu là **Hồ sơ và tuỳ chọn**.",
                 "Chọn **Ngôn ngữ** và **Tiền tệ** rồi bấm **Lưu cài đặt**.")),
    Unavailable("undo a change",
                _re(r"^\W*(?:(?:please|pls|can you|could you|ok|okay|oh|no|wait)[\s,]+)*(?:undo|revert|reverse|roll back)\s+"
                    r"(?:that|it|this|the (?:last )?(?:change|one|action)|what you (?:just )?did|my last change|the "
                    r"(?:jar|budget|transaction|category change|deletion))\b|^\W*(?:hoàn tác|khôi phục lại)(?!\w)"),
                "The assistant doesn't undo changes from the chat: every change you confirmed has its own **Undo**.",
                ("Find the card of the change in this conversation (it says \"Done\").",
                 "Press **Undo** on it: a new jar is deleted again, a budget goes back, re-filed transactions go back "
                 "to their categories, an added one is removed and a deleted one is put back.",
                 "A transaction you deleted yourself is under **Transactions → Recently deleted** for 30 days."),
                "Trợ lý không hoàn tác thay đổi từ khung chat: mỗi thay đổi bạn đã xác nhận có nút **Hoàn tác** riêng.",
                ("Tìm thẻ của thay đổi đó trong cuộc trò chuyện (thẻ ghi \"Đã xong\").",
                 "Bấm **Hoàn tác**: hũ mới bị xoá, ngân sách trở lại như cũ, giao dịch về danh mục trước, khoản đã thêm "
                 "bị bỏ và khoản đã xoá được đưa lại.",
                 "Giao dịch bạn tự xoá nằm ở **Giao dịch → Đã xoá gần đây** trong 30 ngày.")),
)

UNAVAILABLE: tuple[Unavailable, ...] = (
    Unavailable("reminders and shared bills", _re(r"\bremind(?:er)?s?\b(?!\s+(?:me|us)\s+(?:again\s+)?(?:of\s+)?(?:what|how|who|why|which|whether)\b)"
                                                  r"|\bnotify me\b|\balert me\b"
                                                  # "nhắc tui trả tiền comcast" (remind me), not "nhắc lại" (say again)
                                                  r"|\bnh[ắa]c (?:tui|tôi|toi|mình|minh|em|anh|chị|chi|tớ|to)\b"
                                                  r"|\bsplit\b.{0,30}\b(?:bill|cost|charge|rent|with)\b"),
                "Moneta can't send you reminders or split a bill with someone: it reads your own statements.",
                ("Set the reminder in your phone's calendar or your bank's app.",
                 "In Moneta, **Subscriptions** lists your recurring charges with the next expected date.",
                 "To keep a note of what someone owes you: \"save a note: Sam owes me $40 for …\"."),
                "Moneta không gửi nhắc nhở và không chia hoá đơn với người khác được: Moneta chỉ đọc sao kê của bạn.",
                ("Đặt lời nhắc trong lịch của điện thoại hoặc trong ứng dụng ngân hàng.",
                 "Trong Moneta, trang **Đăng ký** liệt kê các khoản định kỳ cùng ngày dự kiến lần tới.",
                 "Để ghi lại ai nợ bạn: \"ghi chú: Nam nợ tôi 200 nghìn …\" rồi xác nhận thẻ.")),
    Unavailable("take a subscription off the list",
                _re(r"\btake a subscription off the list\b|\b(?:take|get|knock|cross|strike|scratch|kick)\b.{1,40}?\b(?:off|out "
                    r"of)\s+(?:my|the|this|that|your)\s+(?:subscriptions?\s+)?list\b|\b(?:remove|hide)\b.{1,40}?\bfrom\s+"
                    r"(?:my|the|this|that|your)\s+subscriptions?(?:\s+list)?\b|khỏi danh sách"
                    # "mark Netflix as not a subscription", "dismiss that subscription": the Dismiss on the page
                    r"|\bnot an? (?:real |actual )?(?:subscription|recurring charge)\b|\bdismiss\b.{0,40}\bsubscriptions?\b"
                    r"|\bkhông phải (?:là )?(?:gói |khoản )?(?:đăng ký|định kỳ)\b"),
                "The assistant can't take a subscription off your list from the chat, and it never stops the charges "
                "themselves: it only reads your statements.",
                ("Open **Subscriptions** in the menu.",
                 "Press **Dismiss** on that charge: it leaves the list and the monthly total of your subscriptions.",
                 "To stop paying it, cancel it with the provider (its website or app); the charges then stop showing "
                 "up after your next statement."),
                "Trợ lý không bỏ được một gói đăng ký khỏi danh sách từ khung chat, và không dừng được khoản trừ tiền: "
                "Moneta chỉ đọc sao kê của bạn.",
                ("Mở **Gói đăng ký** trong menu.",
                 "Bấm **Bỏ qua** ở khoản đó: khoản đó rời danh sách và không còn tính vào tổng tiền đăng ký hằng tháng.",
                 "Để không bị trừ tiền nữa, hãy huỷ với nhà cung cấp (trang web hoặc ứng dụng của họ); sau lần sao kê "
                 "tới các khoản trừ sẽ không còn.")),
    Unavailable("cancel a subscription", _re(r"\b(?:cancel|stop|end|terminate|unsubscribe)\b.{0,40}\b(?:subscription|"
                                             r"plan|membership|trial|service|netflix|spotify|gym|account)\b"
                                             r"|\bunsubscribe\b|\bhủy\b"),
                "Moneta can't cancel anything at the provider: it only reads your statements.",
                ("Cancel with the provider itself (its website or app: Account → Subscription → Cancel).",
                 "In Moneta open **Subscriptions**, find the charge and choose **Not a subscription** or wait for "
                 "the next statement: it drops off the list once the charges stop.",
                 "Ask me \"what are my subscriptions?\" next month to check it has stopped."),
                "Moneta không huỷ được gì ở nhà cung cấp: Moneta chỉ đọc sao kê của bạn.",
                ("Huỷ trực tiếp với nhà cung cấp (trên trang web hoặc ứng dụng của họ: Tài khoản → Gói → Huỷ).",
                 "Trong Moneta mở **Đăng ký**, tìm khoản đó và chọn **Không phải đăng ký**, hoặc chờ sao kê tiếp "
                 "theo: khoản đó tự rời danh sách khi không còn bị trừ tiền.",
                 "Tháng sau hỏi tôi \"các khoản đăng ký của tôi\" để kiểm tra đã dừng chưa.")),
    Unavailable("move or pay money", _re(r"\b(?:transfer|send|wire|pay(?! for\b)|move|deposit|withdraw)\b.{0,30}\b(?:money|"
                                         r"\$?\d+|to (?:my )?(?:savings|account|friend)|bill|rent|invoice)\b"
                                         r"|\bpay (?:off|down) my\b|\bchuyển tiền\b"
                                         # "chuyển (giúp tôi) 500 đô …", "nạp 2 triệu vào hũ", "bỏ 500k vào quỹ tiết
                                         # kiệm", "trả giùm tiền nhà": money moved, into a jar or an account or out
                                         + VI_MOVE_MONEY),
                "Moneta can't move, send or pay money: it has no connection to your bank that can make payments.",
                ("Make the payment or transfer in your bank's app.",
                 "After your next statement import it shows up in Moneta under **Transactions**.",
                 "To set money aside in Moneta, ask me to create a jar (e.g. \"start a savings jar of $200 a "
                 "month\") and confirm the card."),
                "Moneta không chuyển, gửi hay thanh toán tiền được: Moneta không có kết nối thanh toán với ngân hàng.",
                ("Thanh toán hoặc chuyển khoản trong ứng dụng ngân hàng của bạn.",
                 "Sau khi nhập sao kê tiếp theo, giao dịch sẽ hiện trong Moneta ở mục **Giao dịch**.",
                 "Để để dành tiền trong Moneta, hãy nhờ tôi tạo một hũ (ví dụ \"tạo hũ tiết kiệm 2 triệu mỗi tháng\") "
                 "rồi xác nhận thẻ.")),
    Unavailable("contact the bank", _re(r"\b(?:dispute|chargeback|report (?:fraud|a charge)|call|email|contact|"
                                        r"complain to)\b.{0,30}\b(?:bank|card issuer|merchant|charge)\b"),
                "Moneta can't contact your bank or a merchant for you.",
                ("Contact your bank through its app or the number on your card to dispute the charge.",
                 "In Moneta you can note it: \"save a note: disputed the $42 charge from …\".",
                 "If the charge is a duplicate you want out of your figures, ask me to delete it and confirm."),
                "Moneta không liên hệ ngân hàng hay cửa hàng thay bạn được.",
                ("Liên hệ ngân hàng qua ứng dụng hoặc số điện thoại trên thẻ để khiếu nại khoản phí.",
                 "Trong Moneta bạn có thể ghi lại: \"ghi chú: đã khiếu nại khoản 42 đô của …\".",
                 "Nếu đó là khoản bị trừ hai lần và bạn muốn bỏ khỏi số liệu, hãy nhờ tôi xoá nó rồi xác nhận.")),
    Unavailable("rename or merge categories and payees",
                _re(r"\b(?:rename|merge|archive|combine)\b.{0,40}\b(?:categor\w*|payees?|merchants?)\b"
                    # a payee or category renamed by its own name: "rename SQ *BLUE BOTTLE to Blue Bottle", "change the
                    # name of Pg&e Web to PG&E"
                    r"|\brename\b.{1,60}?\b(?:to|as|into)\b|\bchange (?:the |its |their )?names? (?:of|for)\b"
                    r"|\b(?:đổi tên|gộp)\b.{0,30}\b(?:danh mục|mục)\b|\bđổi tên\b.{1,60}?\b(?:thành|sang)\b"),
                "The assistant can't rename, merge or archive categories or payees from the chat.",
                ("Open Transactions, then Categories & payees.",
                 "Type the new name next to the category and press Rename; to fold one into another pick it under "
                 "Merge into and press Merge; Archive hides one you no longer use.",
                 "Payees are renamed or merged further down the same page; past and future transactions follow."),
                "Trợ lý không đổi tên, gộp hay lưu trữ danh mục và người nhận từ khung chat được.",
                ("Mở Giao dịch, rồi Danh mục & người nhận.",
                 "Gõ tên mới cạnh danh mục và bấm Đổi tên; để gộp vào danh mục khác hãy chọn nó ở Gộp vào rồi bấm "
                 "Gộp; Lưu trữ ẩn danh mục bạn không dùng nữa.",
                 "Người nhận được đổi tên hay gộp ở phía dưới cùng trang; giao dịch cũ và mới đều theo.")),
    Unavailable("book, order or buy something",
                _re(r"\b(?:book|reserve|order|buy|purchase|get)\b\s+(?:me|us)\b.{0,40}\b(?:table|tickets?|flights?|"
                    r"hotel|room|ride|taxi|uber|food|dinner|lunch|seats?|appointment)\b"
                    r"|\b(?:book|reserve)\b.{0,20}\b(?:a table|tickets?|a flight|a hotel|a room|a ride|a taxi)\b"
                    r"|\bđặt (?:bàn|vé|phòng|xe|chỗ)\b|\bmua vé\b"),
                "Moneta can't book, order or buy anything: it reads your own statements and nothing else.",
                ("Book it with the restaurant, airline or shop directly, or in their app.",
                 "Once it is paid it shows up in Moneta after your next statement import.",
                 "To set money aside for it first, ask me to create a jar and confirm the card."),
                "Moneta không đặt chỗ, đặt hàng hay mua gì thay bạn được: Moneta chỉ đọc sao kê của bạn.",
                ("Hãy đặt trực tiếp với nhà hàng, hãng bay hay cửa hàng, hoặc trong ứng dụng của họ.",
                 "Khi đã thanh toán, khoản đó hiện trong Moneta sau lần nhập sao kê tới.",
                 "Để để dành tiền trước, hãy nhờ tôi tạo một hũ rồi xác nhận thẻ.")),
    Unavailable("open or close accounts", _re(r"\b(?:open|close|apply for)\b.{0,20}\b(?:a |an |my )?(?:bank "
                                              r"account|savings account|credit card|loan|mortgage)\b"),
                "Moneta can't open or close accounts, cards or loans.",
                ("Do it with the bank or lender directly.",
                 "To track a new account in Moneta, import its statement under **Transactions → Import** and pick "
                 "or name the account on the preview."),
                "Moneta không mở hay đóng tài khoản, thẻ hay khoản vay được.",
                ("Hãy làm trực tiếp với ngân hàng hoặc bên cho vay.",
                 "Để theo dõi tài khoản mới trong Moneta, nhập sao kê của nó ở **Giao dịch → Nhập** và chọn hoặc đặt "
                 "tên tài khoản ở bước xem trước.")),
)


# what is never a re-filing, whatever verb asks it ("change my currency to euros", "mark Netflix as not a subscription")
FIRM = frozenset({*(u.what for u in UNAVAILABLE_MORE), "take a subscription off the list"})


def unavailable_action(text: str) -> Unavailable | None:
    return next((u for u in (*UNAVAILABLE_MORE, *UNAVAILABLE) if u.pattern.search(text or "")), None)


# "cancel my Planet Fitness", "unsubscribe from hulu for me": the verb with one of their own recurring charges named
# (asked, at the start of a clause: "maybe I should just cancel it, I don't know" is a thought, no request)
CANCEL_VERB_RE = re.compile(r"(?:^|[.,;:!?—–-]\s*)(?:(?:ok|okay|so|and|please|pls|can you|could you|would you|just|go "
                            r"ahead and|i want you to|thôi|thoi|vậy|vay|giờ|gio|làm ơn|lam on|bạn|ban)\s+)*"
                            r"(?:cancel|unsubscribe|stop paying|terminate|hu[ỷy]|hủy|huy|ngưng|ngung)\b", re.I)
# a charge of it named ("cancel the duplicate netflix charge", "get rid of the extra one"): that row, not the plan
ONE_CHARGE_RE = re.compile(r"\b(?:charges?|transactions?|payments?|duplicates?|extra|twice|double)\b", re.I)


def cancel_of_recurring(text: str, merchants: list[str], recurring: list[str]) -> Unavailable | None:
    """Cancelling a plan named by its merchant, one the user pays again and again: a request Moneta can't carry out."""
    if not merchants or not CANCEL_VERB_RE.search(text or "") or ONE_CHARGE_RE.search(text or "") \
            or not set(merchants) <= set(recurring):
        return None
    return next(u for u in UNAVAILABLE if u.what == "cancel a subscription")


# "please stop it for me", "can you cancel that one", "end the membership": a cancel said of what the last answer was
# about, by a word pointing back
CANCEL_BACK_RE = re.compile(r"(?:^|[.,;:!?—–-]\s*)(?:(?:ok|okay|so|and|then|please|pls|can you|could you|would you|will "
                            r"you|just|go ahead and|i want you to|i'?d like you to)\s+)*(?:cancel|stop|end|terminate|quit|"
                            r"discontinue|unsubscribe(?: me)?(?: from)?|get me out of|pull the plug on|hu[ỷy]|dừng|ngừng)\s+"
                            r"(?:it|that|this|them|(?:that|this|the) one|(?:the|that|this|my) (?:membership|subscription|plan|"
                            r"service|thing|gym|contract))(?!\w)(?!\s+(?:charges?|payments?|transactions?|duplicates?)\b)",
                            re.I)


def cancel_of_last_subject(text: str, last_merchants: list[str], recurring: list[str]) -> Unavailable | None:
    """Cancelling, by a word pointing back, the plan the last answer was about ("how much did the gym take last
    month?" → "please stop it for me"): one of their recurring charges, which Moneta can't cancel."""
    if not last_merchants or not set(last_merchants) <= set(recurring) or not CANCEL_BACK_RE.search(text or ""):
        return None
    return next(u for u in UNAVAILABLE if u.what == "cancel a subscription")


def unavailable_steps(request: str) -> dict:
    found = unavailable_action(request)
    if found is None and (CANCEL_VERB_RE.search(request or "") or CANCEL_BACK_RE.search(request or "")) \
            and not ONE_CHARGE_RE.search(request or ""):
        found = next(u for u in UNAVAILABLE if u.what == "cancel a subscription")  # "cancel my Planet Fitness"
    if found is None:
        return {"possible": False, "what": "that", "message": "Moneta can't do that from the chat.",
                "steps": ["Moneta can propose, with your confirmation: a new jar, a category budget, filing "
                          "matching transactions under a category, adding a cash transaction, or deleting one.",
                          "Other changes are made on the pages: Transactions, Jars, Subscriptions."],
                "message_vi": "Moneta không làm được việc này từ khung chat.",
                "steps_vi": ["Moneta có thể đề xuất, chờ bạn xác nhận: tạo hũ mới, đặt ngân sách cho danh mục, xếp các "
                             "giao dịch khớp vào một danh mục, thêm giao dịch tiền mặt, xoá một giao dịch, lưu ghi chú.",
                             "Các thay đổi khác làm trên các trang: Giao dịch, Hũ chi tiêu, Đăng ký."]}
    return {"possible": False, "what": found.what, "message": found.why, "steps": list(found.steps),
            "message_vi": found.why_vi, "steps_vi": list(found.steps_vi)}
