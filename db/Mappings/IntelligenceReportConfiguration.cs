using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Metadata.Builders;
using Prison.Domain.Record;

namespace Prison.Db.Mappings;

internal sealed class IntelligenceReportConfiguration : RecordConfiguration<IntelligenceReport>
{
    protected override int RecordPart => 10;

    protected override void ConfigureRecord(EntityTypeBuilder<IntelligenceReport> builder)
    {
        builder.Property(r => r.Grade).HasConversion<string>().HasMaxLength(8);
    }
}
