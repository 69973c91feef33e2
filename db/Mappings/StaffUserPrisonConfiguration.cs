using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Metadata.Builders;
using Prison.Db.Identity;
using Prison.Domain;

namespace Prison.Db.Mappings;

internal sealed class StaffUserPrisonConfiguration : IEntityTypeConfiguration<StaffUserPrison>
{
    public void Configure(EntityTypeBuilder<StaffUserPrison> builder)
    {
        builder.ToTable("staff_user_prison");
        builder.HasKey(p => new { p.UserId, p.PrisonId }).HasName("staff_user_prison_pkey");
        builder.Property(p => p.PrisonId).ValueGeneratedNever();
        builder.HasOne<StaffUser>().WithMany().HasForeignKey(p => p.UserId).OnDelete(DeleteBehavior.Cascade);
        builder.HasOne<PrisonFacility>().WithMany().HasForeignKey(p => p.PrisonId).OnDelete(DeleteBehavior.Restrict);
        builder.HasIndex(p => p.PrisonId).HasDatabaseName("staff_user_prison_prison_id");
    }
}
