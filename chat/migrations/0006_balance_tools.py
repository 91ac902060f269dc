from django.db import migrations

BALANCE_TOOLS = ["get_account_balances", "get_net_worth"]
ALL_BEFORE = {"search_knowledge_base", "list_documents", "get_app_information", "search_online",
              "search_transactions", "analyze_by_category", "get_spending_summary", "analyze_merchant",
              "compare_spending", "get_jar_status", "list_subscriptions", "suggest_budgets", "save_note",
              "check_data_available", "check_affordability", "income_breakdown", "respond"}


def enable_balance_tools(apps, schema_editor):
    """Assistants that had every tool keep having every tool: the balance and net-worth tools are added."""
    AgentConfig = apps.get_model("chat", "AgentConfig")
    for config in AgentConfig.objects.all():
        tools = list(config.enabled_tools or [])
        if tools and ALL_BEFORE <= set(tools):
            config.enabled_tools = [t for t in tools if t != "respond"] + \
                [t for t in BALANCE_TOOLS if t not in tools] + ["respond"]
            config.save(update_fields=["enabled_tools"])


class Migration(migrations.Migration):

    dependencies = [("chat", "0005_pending_actions")]

    operations = [migrations.RunPython(enable_balance_tools, migrations.RunPython.noop)]
