"""Balances and net worth in the chat: "what's my balance", "balance of my Visa", "what's my net worth".

The figures are the ledger's (transactions.selectors: `account_balances`, an account's opening balance plus its
transactions, and `net_worth`, assets minus what is owed — both summed by Postgres, per currency). A balance is
known only for an account that carries an opening balance (or opening date); without one Moneta sees money
moving but not what is there, and says so (chat/capabilities.py). Tools are bound to the requesting user."""
from __future__ import annotations

import difflib
import re
from typing import Any

from django.utils.translation import gettext

from chat.capabilities import MISSING, missing_data
from chat.capabilities_answer import missing_answer, no_access_text
from chat.holdings import holding_asked
from core.money import money
from transactions.selectors import account_balances, net_worth

BALANCE_TOOLS = ("get_account_balances", "get_net_worth")
NET_WORTH_RE = re.compile(r"\bnet worth\b|\bhow (?:rich|wealthy) am i\b|\btotal (?:assets|wealth)\b|"
                          r"\bwhat (?:do|am) i (?:own|worth)\b|\btài sản ròng\b|\bgiá trị tài sản\b", re.I)


def _known(row: dict[str, Any]) -> bool:
    return bool(row["opening_date"]) or bool(row["opening_balance"])


def _unavailable(topic: str) -> dict[str, Any]:
    return missing_answer(next(m for m in MISSING if m.topic == topic))


def _words(text: str) -> set[str]:
    return {w for w in re.findall(r"[a-z0-9]+", (text or "").lower()) if w not in ("my", "the", "account", "card")}


def account_pick(rows: list[dict[str, Any]], name: str) -> list[dict[str, Any]]:
    """The accounts a name the user typed means: the same name, names sharing a word ("Visa" → "Visa card"), or
    one close spelling ("chequing" → "Checking")."""
    wanted = (name or "").strip().lower()
    same = [r for r in rows if r["name"].lower() == wanted]
    if same:
        return same
    words = _words(wanted)
    sharing = [r for r in rows if words and words & _words(r["name"])] if words else []
    if sharing:
        return sharing
    by_kind = [r for r in rows if words and words & _words(r["kind_label"])]
    if by_kind:
        return by_kind
    close = difflib.get_close_matches(wanted, [r["name"].lower() for r in rows], n=1, cutoff=0.7)
    return [r for r in rows if close and r["name"].lower() == close[0]]


def balance_call(text: str, *, balances: bool) -> dict[str, Any] | None:
    """The tool call for a balance or net-worth question of a user whose accounts carry balances, else None
    (a user without them is answered by the capability check: "I have no access to that")."""
    if not balances:
        return None
    found = missing_data(text)
    if found is None or found.topic not in ("account balance", "net worth"):
        return None
    if found.topic == "net worth" or NET_WORTH_RE.search(text):
        return {"name": "get_net_worth", "args": {}}
    m = re.search(r"\b(?:balance|số dư)\s+(?:of|on|in|for|của)\s+(?:my\s+|the\s+)?([\w' ]{2,40}?)(?:\s+(?:account|card)"
                  r")?\s*(?:\?|$|\bnow\b|\btoday\b)|\bmy\s+([\w' ]{2,40}?)(?:'s)?\s+(?:account\s+|card\s+)?balance\b",
                  text, re.I)
    name = (m.group(1) or m.group(2)).strip() if m else (holding_asked(text) or None)
    generic = {"current", "bank", "account", "total", "overall", "checking account", "accounts"}
    return {"name": "get_account_balances", "args": {"account": name} if name and name.lower() not in generic
            else {}}


class BalanceTools:
    user: Any

    def get_account_balances(self, account: str | None = None) -> dict:
        """The balance of each of the user's accounts today (opening balance plus the transactions since), or of
        one account named in `account` (e.g. "Visa", "savings"). Credit cards and loans show what is owed as a
        negative balance. Accounts without an opening balance are listed apart: their balance is not known."""
        rows = account_balances(user=self.user)
        known = [r for r in rows if _known(r)]
        if not known:
            return _unavailable("account balance")
        picked = known
        if account:
            picked = account_pick(rows, account)
            if not picked:
                return {"available": True, "found": False, "account": account,
                        "accounts": [r["name"] for r in rows]}
        shown = [r for r in picked if _known(r)]
        return {"available": True, "found": bool(shown), "account": account,
                "rows": [{"account": r["name"], "kind": r["kind_label"], "balance": r["balance"],
                          "currency": r["currency"], "liability": r["liability"], "last_date": r["last_date"]}
                         for r in shown],
                "unknown_balance": [r["name"] for r in picked if not _known(r)]}

    def get_net_worth(self) -> dict:
        """The user's net worth today: what their accounts hold (assets) minus what they owe on credit cards and
        loans (liabilities), from account balances, with the month-end figures of the last 6 months. Only
        accounts with an opening balance are known; the others are named apart."""
        rows = account_balances(user=self.user)
        if not any(_known(r) for r in rows):
            return _unavailable("net worth")
        worth = net_worth(user=self.user, months=6)
        return {"available": True, "currency": worth["currency"], "assets": worth["assets"],
                "liabilities": worth["liabilities"], "net_worth": worth["net_worth"],
                "currency_note": worth["currency_note"], "rows": worth["rows"], "chart": worth["chart"],
                "accounts": [{"account": r["name"], "balance": r["balance"], "currency": r["currency"],
                              "liability": r["liability"]} for r in rows if _known(r)],
                "unknown_balance": [r["name"] for r in rows if not _known(r)]}


def balance_text(name: str, payload: dict[str, Any], *, vi: bool = False) -> str:
    """The offline composer's words for a balance tool's result (every figure copied from it)."""
    if payload.get("available") is False:
        return no_access_text(payload, vi=vi)  # the capability answer's one wording
    unknown = payload.get("unknown_balance") or []
    caveat = ((f"Chưa biết số dư của {', '.join(unknown)} (chưa có số dư đầu kỳ), nên không tính vào." if vi else
               f"{', '.join(unknown)} {'has' if len(unknown) == 1 else 'have'} no opening balance, so "
               f"{'its' if len(unknown) == 1 else 'their'} balance is not known and not counted.")
              if unknown else "")
    if name == "get_net_worth":
        cur = payload.get("currency")
        lines = [(f"Tài sản ròng của bạn là {money(payload['net_worth'], cur)}: tài sản {money(payload['assets'], cur)}"
                  f" − nợ {money(payload['liabilities'], cur)}." if vi else
                  f"Your net worth is {money(payload['net_worth'], cur)}: {money(payload['assets'], cur)} in your "
                  f"accounts minus {money(payload['liabilities'], cur)} owed.")]
        lines += [f"- {a['account']}: {money(a['balance'], a['currency'])}" for a in payload.get("accounts") or []]
        for extra in (caveat, payload.get("currency_note")):
            if extra:
                lines.append(extra)
        return "\n".join(lines)
    if payload.get("found") is False:
        names = ", ".join(payload.get("accounts") or []) or "none"
        return (f"Bạn không có tài khoản nào tên {payload.get('account')!r}. Tài khoản của bạn: {names}." if vi else
                f"You have no account called {payload.get('account')!r}. Your accounts: {names}.")
    rows = payload.get("rows") or []
    if len(rows) == 1:
        r = rows[0]
        owed = " (owed)" if r["liability"] and r["balance"] < 0 and not vi else ""
        lines = [f"Số dư {r['account']} là {money(r['balance'], r['currency'])}." if vi else
                 f"Your {r['account']} balance is {money(r['balance'], r['currency'])}{owed}."]
    else:
        lines = ["Số dư các tài khoản của bạn:" if vi else "Your account balances:"]
        lines += [f"- {r['account']} ({gettext(r['kind']) if vi else r['kind']}): {money(r['balance'], r['currency'])}"
                  for r in rows]
    if caveat:
        lines.append(caveat)
    return "\n".join(lines)
