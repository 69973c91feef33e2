using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Metadata.Builders;
using Prison.Domain.Record;

namespace Prison.Db.Mappings;

internal sealed class MedicationStopConfiguration : RecordConfiguration<MedicationStop>
{
    protected override int RecordPart => 14;

    protected override void ConfigureRecord(EntityTypeBuilder<MedicationStop> builder)
    {
        builder.Property(m => m.Medication).HasMaxLength(200);
    }
}
