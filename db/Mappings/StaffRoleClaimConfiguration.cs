using Microsoft.AspNetCore.Identity;
using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Metadata.Builders;

namespace Prison.Db.Mappings;

internal sealed class StaffRoleClaimConfiguration : IEntityTypeConfiguration<IdentityRoleClaim<string>>
{
    public void Configure(EntityTypeBuilder<IdentityRoleClaim<string>> builder)
    {
        builder.ToTable("staff_role_claim");
        builder.HasKey(c => c.Id).HasName("staff_role_claim_pkey");
        builder.HasIndex(c => c.RoleId).HasDatabaseName("staff_role_claim_role_id");
    }
}
