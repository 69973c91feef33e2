using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Metadata.Builders;
using Prison.Db.Audit;

namespace Prison.Db.Mappings;

internal sealed class AuditEntryConfiguration : IEntityTypeConfiguration<AuditEntry>
{
    public void Configure(EntityTypeBuilder<AuditEntry> builder)
    {
        builder.ToTable("audit_entry");
        builder.HasKey(e => e.Id).HasName("audit_entry_pkey");
        builder.Property(e => e.Id).ValueGeneratedNever();
        builder.Property(e => e.AtUtc).HasColumnName("at");
        builder.Property(e => e.UserName).HasMaxLength(AuditEntry.MaxUserName);
        builder.Property(e => e.Action).HasConversion<string>().HasMaxLength(32);
        builder.Property(e => e.PrisonerNumber).HasMaxLength(32);
        builder.Property(e => e.Summary).HasMaxLength(AuditEntry.MaxSummary);
        builder.Property(e => e.RemoteAddress).HasMaxLength(AuditEntry.MaxRemoteAddress);
        builder.Property(e => e.SubjectUserName).HasMaxLength(AuditEntry.MaxUserName);
        builder.Property(e => e.Before).HasColumnName("before_values");
        builder.Property(e => e.After).HasColumnName("after_values");
        builder.Ignore(e => e.PrisonsStated);
        builder.HasMany(e => e.Prisons).WithOne().HasForeignKey(p => p.AuditEntryId).HasConstraintName("audit_entry_prison_audit_entry_id_fkey");
        builder.Navigation(e => e.Prisons).UsePropertyAccessMode(PropertyAccessMode.Field);

        // The audit page: newest first, alone or filtered by user, by the user acted on, by prisoner or by kind, each
        // within an optional date range.
        builder.HasIndex(e => new { e.AtUtc, e.Id }).IsDescending().HasDatabaseName("audit_entry_newest");
        builder.HasIndex(e => new { e.UserName, e.AtUtc, e.Id }).IsDescending(false, true, true).HasDatabaseName("audit_entry_by_user");
        builder.HasIndex(e => new { e.PrisonerNumber, e.AtUtc, e.Id }).IsDescending(false, true, true)
            .HasDatabaseName("audit_entry_by_prisoner").HasFilter("prisoner_number IS NOT NULL");
        builder.HasIndex(e => new { e.SubjectUserName, e.AtUtc, e.Id }).IsDescending(false, true, true)
            .HasDatabaseName("audit_entry_by_subject").HasFilter("subject_user_name IS NOT NULL");
        builder.HasIndex(e => new { e.Action, e.AtUtc, e.Id }).IsDescending(false, true, true).HasDatabaseName("audit_entry_by_action");
    }
}
