using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Metadata.Builders;
using Prison.Db.Identity;

namespace Prison.Db.Mappings;

internal sealed class StaffSessionConfiguration : IEntityTypeConfiguration<StaffSession>
{
    public void Configure(EntityTypeBuilder<StaffSession> builder)
    {
        builder.ToTable("staff_session");
        builder.HasKey(s => s.Id).HasName("staff_session_pkey");
        builder.Property(s => s.Id).ValueGeneratedNever();
        builder.Property(s => s.UserId).IsRequired();
        builder.Property(s => s.StartedAtUtc).HasColumnName("started_at");
        builder.Property(s => s.EndedAtUtc).HasColumnName("ended_at");
        builder.Property(s => s.EndReason).HasConversion<string>().HasMaxLength(32);
        builder.HasOne<StaffUser>().WithMany().HasForeignKey(s => s.UserId).OnDelete(DeleteBehavior.Cascade);
        builder.HasIndex(s => s.EndedAtUtc).HasDatabaseName("staff_session_ended").HasFilter("ended_at IS NOT NULL");
        builder.HasIndex(s => s.UserId).HasDatabaseName("staff_session_open_by_user").HasFilter("ended_at IS NULL");
    }
}
