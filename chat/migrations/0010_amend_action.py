from django.db import migrations


def enable_amend_tool(apps, schema_editor):
    """Assistants that can propose changes can also correct a waiting proposal ("actually make it $16"), still only
    proposed: the corrected change waits for confirmation like the first."""
    AgentConfig = apps.get_model("chat", "AgentConfig")
    for config in AgentConfig.objects.all():
        tools = list(config.enabled_tools or [])
        if tools and "cancel_pending_action" in tools and "amend_pending_action" not in tools:
            at = tools.index("cancel_pending_action")
            config.enabled_tools = tools[:at] + ["amend_pending_action"] + tools[at:]
            config.save(update_fields=["enabled_tools"])


class Migration(migrations.Migration):

    dependencies = [("chat", "0009_jar_budget_action")]

    operations = [migrations.RunPython(enable_amend_tool, migrations.RunPython.noop)]
