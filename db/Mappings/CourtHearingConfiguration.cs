using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Metadata.Builders;
using Prison.Domain.Record;

namespace Prison.Db.Mappings;

internal sealed class CourtHearingConfiguration : RecordConfiguration<CourtHearing>
{
    protected override int RecordPart => 5;

    protected override void ConfigureRecord(EntityTypeBuilder<CourtHearing> builder)
    {
        builder.Property(h => h.Court).HasMaxLength(200);
    }
}
