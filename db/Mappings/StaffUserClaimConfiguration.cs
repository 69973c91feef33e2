using Microsoft.AspNetCore.Identity;
using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Metadata.Builders;

namespace Prison.Db.Mappings;

internal sealed class StaffUserClaimConfiguration : IEntityTypeConfiguration<IdentityUserClaim<string>>
{
    public void Configure(EntityTypeBuilder<IdentityUserClaim<string>> builder)
    {
        builder.ToTable("staff_user_claim");
        builder.HasKey(c => c.Id).HasName("staff_user_claim_pkey");
        builder.HasIndex(c => c.UserId).HasDatabaseName("staff_user_claim_user_id");
    }
}
