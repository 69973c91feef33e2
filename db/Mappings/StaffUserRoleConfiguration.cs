using Microsoft.AspNetCore.Identity;
using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Metadata.Builders;

namespace Prison.Db.Mappings;

internal sealed class StaffUserRoleConfiguration : IEntityTypeConfiguration<IdentityUserRole<string>>
{
    public void Configure(EntityTypeBuilder<IdentityUserRole<string>> builder)
    {
        builder.ToTable("staff_user_role");
        builder.HasKey(r => new { r.UserId, r.RoleId }).HasName("staff_user_role_pkey");
        builder.HasIndex(r => r.RoleId).HasDatabaseName("staff_user_role_role_id");
    }
}
