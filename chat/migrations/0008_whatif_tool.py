from django.db import migrations

BEFORE = {"search_transactions", "check_affordability", "income_breakdown", "get_account_balances"}


def enable_whatif_tool(apps, schema_editor):
    """Assistants that could reason over the user's figures can also compare a new price with what they pay now."""
    AgentConfig = apps.get_model("chat", "AgentConfig")
    for config in AgentConfig.objects.all():
        tools = list(config.enabled_tools or [])
        if tools and BEFORE <= set(tools) and "compare_new_price" not in tools:
            config.enabled_tools = [t for t in tools if t != "respond"] + ["compare_new_price", "respond"]
            config.save(update_fields=["enabled_tools"])


class Migration(migrations.Migration):

    dependencies = [("chat", "0007_note_save_action")]

    operations = [migrations.RunPython(enable_whatif_tool, migrations.RunPython.noop)]
