using Microsoft.AspNetCore.Identity;
using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Metadata.Builders;

namespace Prison.Db.Mappings;

internal sealed class StaffRoleConfiguration : IEntityTypeConfiguration<IdentityRole>
{
    public void Configure(EntityTypeBuilder<IdentityRole> builder)
    {
        builder.ToTable("staff_role");
        builder.HasKey(r => r.Id).HasName("staff_role_pkey");
        builder.HasIndex(r => r.NormalizedName).HasDatabaseName("staff_role_normalized_name").IsUnique();
    }
}
