using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Metadata.Builders;
using Prison.Domain.Record;

namespace Prison.Db.Mappings;

internal sealed class PsychiatricEpisodeConfiguration : RecordConfiguration<PsychiatricEpisode>
{
    protected override int RecordPart => 13;

    protected override void ConfigureRecord(EntityTypeBuilder<PsychiatricEpisode> builder)
    {
        // Nothing beyond the shared mapping: its text columns are unbounded.
    }
}
