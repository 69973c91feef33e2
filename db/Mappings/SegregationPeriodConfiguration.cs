using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Metadata.Builders;
using Prison.Domain.Record;

namespace Prison.Db.Mappings;

internal sealed class SegregationPeriodConfiguration : RecordConfiguration<SegregationPeriod>
{
    protected override int RecordPart => 7;

    protected override void ConfigureRecord(EntityTypeBuilder<SegregationPeriod> builder)
    {
        builder.Property(s => s.Reason).HasMaxLength(500);
        MapPeriod(builder, s => s.Period);
    }
}
