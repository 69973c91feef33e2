using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Metadata.Builders;
using Prison.Db.Runs;

namespace Prison.Db.Mappings;

internal sealed class ReevaluationRunConfiguration : IEntityTypeConfiguration<ReevaluationRun>
{
    public void Configure(EntityTypeBuilder<ReevaluationRun> builder)
    {
        builder.ToTable("reevaluation_run");
        builder.HasKey(r => r.Id).HasName("reevaluation_run_pkey");
        builder.Property(r => r.Id).ValueGeneratedNever();
        builder.Property(r => r.StartedBy).HasMaxLength(200);
        builder.Property(r => r.Scope).HasMaxLength(64);
        builder.Property(r => r.RuleSet).HasMaxLength(16);
        builder.Property(r => r.StartedAtUtc).HasColumnName("started_at");
        builder.Property(r => r.FinishedAtUtc).HasColumnName("finished_at");
        builder.Ignore(r => r.IsFinished);
        builder.HasIndex(r => r.IsCurrent).IsUnique().HasDatabaseName("reevaluation_run_one_at_a_time").HasFilter("is_current IS NOT NULL");
        builder.HasIndex(r => r.StartedAtUtc).HasDatabaseName("reevaluation_run_started_at");
    }
}
