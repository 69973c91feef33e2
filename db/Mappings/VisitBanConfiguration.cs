using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Metadata.Builders;
using Prison.Domain.Record;

namespace Prison.Db.Mappings;

internal sealed class VisitBanConfiguration : RecordConfiguration<VisitBan>
{
    protected override int RecordPart => 15;

    protected override void ConfigureRecord(EntityTypeBuilder<VisitBan> builder)
    {
        builder.Property(b => b.Reason).HasMaxLength(500);
        MapPeriod(builder, b => b.Period);
    }
}
