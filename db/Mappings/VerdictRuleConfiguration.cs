using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Metadata.Builders;
using Prison.Db.RuleSettings;
using Prison.Domain;

namespace Prison.Db.Mappings;

internal sealed class VerdictRuleConfiguration : IEntityTypeConfiguration<VerdictRule>
{
    public void Configure(EntityTypeBuilder<VerdictRule> builder)
    {
        builder.ToTable("verdict_rule");
        // Rule first: counting prisoners per rule reads the key alone.
        builder.HasKey(r => new { r.RuleCode, r.PrisonerId }).HasName("verdict_rule_pkey");
        builder.Property(r => r.RuleCode).HasMaxLength(200);
        builder.HasOne<Prisoner>().WithMany().HasForeignKey(r => r.PrisonerId).OnDelete(DeleteBehavior.Cascade);
        builder.HasIndex(r => r.PrisonerId).HasDatabaseName("verdict_rule_prisoner");
    }
}
