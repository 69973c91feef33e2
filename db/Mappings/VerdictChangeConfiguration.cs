using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Metadata.Builders;
using Prison.Db.History;
using Prison.Domain;

namespace Prison.Db.Mappings;

internal sealed class VerdictChangeConfiguration : IEntityTypeConfiguration<VerdictChange>
{
    /// <summary>The "Since last shift" groups, as the partial indexes and their reads spell them.</summary>
    public const string BecameDangerous = "to_status = 'Dangerous' AND (from_status IS NULL OR from_status <> 'Dangerous') AND cause <> 'HistoryBegan'";

    public const string NoLongerDangerous = "from_status = 'Dangerous' AND to_status = 'NotDangerous'";

    public const string Tx = "Tx";

    public void Configure(EntityTypeBuilder<VerdictChange> builder)
    {
        // Written by the database's triggers alone (migration 013).
        builder.ToTable("verdict_change");
        builder.HasKey(c => c.Id).HasName("verdict_change_pkey");
        builder.Property(c => c.Id).ValueGeneratedOnAdd();
        builder.Property(c => c.AtUtc).HasColumnName("at");
        builder.Property(c => c.FromStatus).HasConversion<string>().HasMaxLength(16);
        builder.Property(c => c.ToStatus).HasConversion<string>().HasMaxLength(16);
        builder.Property(c => c.StoredReasons).HasColumnName("reasons");
        builder.Property(c => c.StoredCame).HasColumnName("came");
        builder.Property(c => c.StoredWent).HasColumnName("went");
        builder.Property(c => c.Cause).HasConversion<string>().HasMaxLength(16);
        builder.Property(c => c.CauseDetail).HasMaxLength(VerdictCause.MaxDetail);
        builder.Property(c => c.RuleSet).HasMaxLength(16);
        builder.Ignore(c => c.Reasons);
        builder.Ignore(c => c.Came);
        builder.Ignore(c => c.Went);
        builder.Ignore(c => c.BecameDangerous);
        builder.Ignore(c => c.NoLongerDangerous);
        builder.HasOne<Prisoner>().WithMany().HasForeignKey(c => c.PrisonerId).OnDelete(DeleteBehavior.Cascade);

        // The transaction that wrote the change (migration 034), for the API's feed: read by its statement alone.
        builder.Property<ulong>(Tx);
        builder.HasIndex([nameof(VerdictChange.PrisonId), Tx, nameof(VerdictChange.Id)], "verdict_change_feed");
        builder.HasIndex(c => new { c.PrisonerId, c.AtUtc, c.Id }, "verdict_change_by_prisoner").IsDescending(false, true, true);
        builder.HasIndex(c => new { c.PrisonId, c.AtUtc, c.Id }, "verdict_change_became_dangerous").IsDescending(false, true, true).HasFilter(BecameDangerous);
        builder.HasIndex(c => new { c.PrisonId, c.AtUtc, c.Id }, "verdict_change_no_longer_dangerous").IsDescending(false, true, true).HasFilter(NoLongerDangerous);
    }
}
