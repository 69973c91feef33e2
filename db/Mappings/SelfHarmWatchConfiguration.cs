using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Metadata.Builders;
using Prison.Domain.Record;

namespace Prison.Db.Mappings;

internal sealed class SelfHarmWatchConfiguration : RecordConfiguration<SelfHarmWatch>
{
    protected override int RecordPart => 12;

    protected override void ConfigureRecord(EntityTypeBuilder<SelfHarmWatch> builder)
    {
        MapPeriod(builder, w => w.Period);
    }
}
