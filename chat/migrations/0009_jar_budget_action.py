from django.db import migrations, models


def enable_jar_budget_tool(apps, schema_editor):
    """Assistants that could create jars can also change a jar's monthly amount (still only proposed)."""
    AgentConfig = apps.get_model("chat", "AgentConfig")
    for config in AgentConfig.objects.all():
        tools = list(config.enabled_tools or [])
        if tools and "propose_create_jar" in tools and "propose_set_jar_budget" not in tools:
            at = tools.index("propose_create_jar") + 1
            config.enabled_tools = tools[:at] + ["propose_set_jar_budget"] + tools[at:]
            config.save(update_fields=["enabled_tools"])


class Migration(migrations.Migration):

    dependencies = [("chat", "0008_whatif_tool")]

    operations = [
        migrations.AlterField(
            model_name="pendingaction", name="kind",
            field=models.CharField(choices=[("jar_create", "Create a jar"), ("budget_set", "Set a category budget"),
                                            ("jar_budget_set", "Change a jar's monthly amount"),
                                            ("category_set", "Set the category of matching transactions"),
                                            ("transaction_add", "Add a manual transaction"),
                                            ("transaction_delete", "Delete a transaction"),
                                            ("note_save", "Save a note")], max_length=24)),
        migrations.RunPython(enable_jar_budget_tool, migrations.RunPython.noop),
    ]
