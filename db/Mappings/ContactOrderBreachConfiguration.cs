using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Metadata.Builders;
using Prison.Domain.Record;

namespace Prison.Db.Mappings;

internal sealed class ContactOrderBreachConfiguration : RecordConfiguration<ContactOrderBreach>
{
    protected override int RecordPart => 16;

    protected override void ConfigureRecord(EntityTypeBuilder<ContactOrderBreach> builder)
    {
        // Nothing beyond the shared mapping: its text columns are unbounded.
    }
}
