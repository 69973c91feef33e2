using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Metadata.Builders;
using Prison.Domain.Record;

namespace Prison.Db.Mappings;

internal sealed class EscapeRecordConfiguration : RecordConfiguration<EscapeRecord>
{
    protected override int RecordPart => 8;

    protected override void ConfigureRecord(EntityTypeBuilder<EscapeRecord> builder)
    {
        builder.Property(e => e.Kind).HasConversion<string>().HasMaxLength(16);
    }
}
