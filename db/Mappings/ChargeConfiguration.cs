using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Metadata.Builders;
using Prison.Domain.Record;

namespace Prison.Db.Mappings;

internal sealed class ChargeConfiguration : RecordConfiguration<Charge>
{
    protected override int RecordPart => 2;

    protected override void ConfigureRecord(EntityTypeBuilder<Charge> builder)
    {
        builder.Property(c => c.Offence).HasMaxLength(2000);
        builder.Property(c => c.Category).HasConversion<string>().HasMaxLength(24);
        builder.Property(c => c.Outcome).HasConversion<string>().HasMaxLength(16);
        builder.Ignore(c => c.IsConvicted);
        builder.Ignore(c => c.IsSuperseded);
    }
}
