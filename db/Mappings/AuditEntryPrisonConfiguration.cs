using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Metadata.Builders;
using Prison.Db.Audit;

namespace Prison.Db.Mappings;

internal sealed class AuditEntryPrisonConfiguration : IEntityTypeConfiguration<AuditEntryPrison>
{
    public void Configure(EntityTypeBuilder<AuditEntryPrison> builder)
    {
        builder.ToTable("audit_entry_prison");
        builder.HasKey(p => new { p.AuditEntryId, p.PrisonId }).HasName("audit_entry_prison_pkey");
        builder.Property(p => p.PrisonId).ValueGeneratedNever();
    }
}
