"""Values Moneta stores or computes in English and shows on pages as words (document statuses, how often a
charge repeats, a budget trend). Listed here so `makemessages` puts them in the catalogue; templates show them
with `{% trans value %}`, so the stored value stays the same in every language."""
from django.utils.translation import gettext_noop

UI_WORDS = (
    # knowledge.Document.status
    gettext_noop("pending"), gettext_noop("processing"), gettext_noop("ready"), gettext_noop("failed"),
    # transactions.subscriptions.CADENCES
    gettext_noop("weekly"), gettext_noop("fortnightly"), gettext_noop("monthly"), gettext_noop("quarterly"),
    gettext_noop("yearly"),
    # transactions.selectors.budgets: a category's trend
    # transactions.Account.Kind and Category kinds
    gettext_noop("Checking"), gettext_noop("Savings"), gettext_noop("Credit card"), gettext_noop("Cash"),
    gettext_noop("Loan"), gettext_noop("expense"), gettext_noop("income"), gettext_noop("transfer"),
    gettext_noop("rising"), gettext_noop("falling"), gettext_noop("steady"), gettext_noop("flat"),
    # transactions.CategorisationRule.MatchType
    gettext_noop("Merchant is"), gettext_noop("Description contains"), gettext_noop("Description matches regex"),
)
