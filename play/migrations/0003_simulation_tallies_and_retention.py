"""Each chunk keeps a tally of its games and their finishing turns, so that its records
can be pruned; chunks written before get both from their records."""

from typing import Any

from django.db import migrations, models


def tally_written_chunks(apps: Any, schema_editor: Any) -> None:
    from play.simulations.tallies import chunk_columns

    Chunk = apps.get_model("play", "SimulationChunk")
    written = Chunk.objects.filter(done=True, tally__isnull=True).select_related("simulation")
    for chunk in written.iterator(chunk_size=1):
        chunk.tally, chunk.turns = chunk_columns(chunk.simulation.spec, chunk.records or [])
        chunk.save(update_fields=["tally", "turns"])


class Migration(migrations.Migration):
    dependencies = [
        ("play", "0002_simulation_progressed_at"),
    ]

    operations = [
        migrations.AddField(
            model_name="simulation",
            name="records_pruned_at",
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="simulationchunk",
            name="tally",
            field=models.JSONField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="simulationchunk",
            name="turns",
            field=models.JSONField(blank=True, null=True),
        ),
        migrations.RunPython(tally_written_chunks, migrations.RunPython.noop),
    ]
