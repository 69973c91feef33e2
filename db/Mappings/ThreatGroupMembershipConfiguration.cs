using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Metadata.Builders;
using Prison.Domain.Record;

namespace Prison.Db.Mappings;

internal sealed class ThreatGroupMembershipConfiguration : RecordConfiguration<ThreatGroupMembership>
{
    protected override int RecordPart => 9;

    protected override void ConfigureRecord(EntityTypeBuilder<ThreatGroupMembership> builder)
    {
        builder.Property(m => m.GroupName).HasMaxLength(200);
        MapPeriod(builder, m => m.Period);
    }
}
