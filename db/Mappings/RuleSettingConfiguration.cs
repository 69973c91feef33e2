using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Metadata.Builders;
using Prison.Db.RuleSettings;

namespace Prison.Db.Mappings;

internal sealed class RuleSettingConfiguration : IEntityTypeConfiguration<RuleSetting>
{
    public void Configure(EntityTypeBuilder<RuleSetting> builder)
    {
        builder.ToTable("rule_setting");
        builder.HasKey(s => s.Code).HasName("rule_setting_pkey");
        builder.Property(s => s.Code).HasMaxLength(200).ValueGeneratedNever();
        builder.Property(s => s.Reason).HasMaxLength(1000);
        builder.Property(s => s.ChangedBy).HasMaxLength(200);
        builder.Property(s => s.ChangedAtUtc).HasColumnName("changed_at");
    }
}
