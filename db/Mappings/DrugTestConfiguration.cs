using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Metadata.Builders;
using Prison.Domain.Record;

namespace Prison.Db.Mappings;

internal sealed class DrugTestConfiguration : RecordConfiguration<DrugTest>
{
    protected override int RecordPart => 11;

    protected override void ConfigureRecord(EntityTypeBuilder<DrugTest> builder)
    {
        builder.Property(t => t.Result).HasConversion<string>().HasMaxLength(16);
    }
}
