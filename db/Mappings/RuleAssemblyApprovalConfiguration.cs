using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Metadata.Builders;
using Prison.Db.RuleSettings;

namespace Prison.Db.Mappings;

internal sealed class RuleAssemblyApprovalConfiguration : IEntityTypeConfiguration<RuleAssemblyApproval>
{
    public void Configure(EntityTypeBuilder<RuleAssemblyApproval> builder)
    {
        builder.ToTable("rule_assembly_approval");
        builder.HasKey(a => a.Sha256).HasName("rule_assembly_approval_pkey");
        builder.Property(a => a.Sha256).HasColumnName("sha256").HasMaxLength(64).IsFixedLength().ValueGeneratedNever();
        builder.Property(a => a.FileName).HasMaxLength(260);
        builder.Property(a => a.Rules).HasMaxLength(4000);
        builder.Property(a => a.ApprovedBy).HasMaxLength(256);
        builder.Property(a => a.ApprovedAtUtc).HasColumnName("approved_at");
    }
}
