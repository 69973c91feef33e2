using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Metadata.Builders;
using Prison.Db.RuleSettings;

namespace Prison.Db.Mappings;

internal sealed class RuleSetInForceConfiguration : IEntityTypeConfiguration<RuleSetInForce>
{
    public void Configure(EntityTypeBuilder<RuleSetInForce> builder)
    {
        builder.ToTable("rule_set_in_force");
        builder.HasKey(r => r.Id).HasName("rule_set_in_force_pkey");
        builder.Property(r => r.Id).ValueGeneratedNever();
        builder.Property(r => r.RuleSet).HasMaxLength(16);
        builder.Property(r => r.ChangedAtUtc).HasColumnName("changed_at");
    }
}
