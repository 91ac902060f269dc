from django.db import migrations, models

ACTION_TOOLS = {"propose_create_jar", "propose_set_budget", "propose_set_category", "propose_add_transaction",
                "propose_delete_transaction"}


def enable_cancel_tool(apps, schema_editor):
    """Assistants that could propose changes can also drop them when the user says "never mind"."""
    AgentConfig = apps.get_model("chat", "AgentConfig")
    for config in AgentConfig.objects.all():
        tools = list(config.enabled_tools or [])
        if tools and ACTION_TOOLS <= set(tools) and "cancel_pending_action" not in tools:
            config.enabled_tools = [t for t in tools if t != "respond"] + ["cancel_pending_action", "respond"]
            config.save(update_fields=["enabled_tools"])


class Migration(migrations.Migration):

    dependencies = [("chat", "0006_balance_tools")]

    operations = [
        migrations.AlterField(
            model_name="pendingaction", name="kind",
            field=models.CharField(choices=[("jar_create", "Create a jar"), ("budget_set", "Set a category budget"),
                                            ("category_set", "Set the category of matching transactions"),
                                            ("transaction_add", "Add a manual transaction"),
                                            ("transaction_delete", "Delete a transaction"),
                                            ("note_save", "Save a note")], max_length=24)),
        migrations.RunPython(enable_cancel_tool, migrations.RunPython.noop),
    ]
