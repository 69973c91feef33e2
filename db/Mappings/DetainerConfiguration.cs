using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Metadata.Builders;
using Prison.Domain.Record;

namespace Prison.Db.Mappings;

internal sealed class DetainerConfiguration : RecordConfiguration<Detainer>
{
    protected override int RecordPart => 6;

    protected override void ConfigureRecord(EntityTypeBuilder<Detainer> builder)
    {
        builder.Property(d => d.Authority).HasMaxLength(200);
        MapPeriod(builder, d => d.Period);
    }
}
