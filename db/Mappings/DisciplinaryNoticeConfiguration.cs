using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Metadata.Builders;
using Prison.Domain.Record;

namespace Prison.Db.Mappings;

internal sealed class DisciplinaryNoticeConfiguration : RecordConfiguration<DisciplinaryNotice>
{
    protected override int RecordPart => 1;

    protected override void ConfigureRecord(EntityTypeBuilder<DisciplinaryNotice> builder)
    {
        builder.Property(n => n.Type).HasConversion<string>().HasMaxLength(24);
    }
}
