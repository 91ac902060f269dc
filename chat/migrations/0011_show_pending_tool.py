from django.db import migrations


def enable_show_pending_tool(apps, schema_editor):
    """Assistants that can correct a waiting proposal also answer "yes, do it" with its card shown again: a chat message
    never applies a change, the card's Confirm does."""
    AgentConfig = apps.get_model("chat", "AgentConfig")
    for config in AgentConfig.objects.all():
        tools = list(config.enabled_tools or [])
        if tools and "amend_pending_action" in tools and "show_pending_actions" not in tools:
            at = tools.index("amend_pending_action") + 1
            config.enabled_tools = tools[:at] + ["show_pending_actions"] + tools[at:]
            config.save(update_fields=["enabled_tools"])


class Migration(migrations.Migration):

    dependencies = [("chat", "0010_amend_action")]

    operations = [migrations.RunPython(enable_show_pending_tool, migrations.RunPython.noop)]
