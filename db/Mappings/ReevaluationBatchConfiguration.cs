using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Metadata.Builders;
using Prison.Db.Runs;

namespace Prison.Db.Mappings;

internal sealed class ReevaluationBatchConfiguration : IEntityTypeConfiguration<ReevaluationBatch>
{
    public void Configure(EntityTypeBuilder<ReevaluationBatch> builder)
    {
        builder.ToTable("reevaluation_batch");
        builder.HasKey(b => new { b.RunId, b.Number }).HasName("reevaluation_batch_pkey");
        builder.Property(b => b.FinishedAtUtc).HasColumnName("finished_at");
        builder.Property(b => b.Worker).HasMaxLength(200);
        builder.HasOne<ReevaluationRun>().WithMany().HasForeignKey(b => b.RunId).OnDelete(DeleteBehavior.Cascade);
    }
}
