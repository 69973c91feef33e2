using Microsoft.AspNetCore.Identity;
using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Metadata.Builders;

namespace Prison.Db.Mappings;

internal sealed class StaffUserTokenConfiguration : IEntityTypeConfiguration<IdentityUserToken<string>>
{
    public void Configure(EntityTypeBuilder<IdentityUserToken<string>> builder)
    {
        builder.ToTable("staff_user_token");
        builder.HasKey(t => new { t.UserId, t.LoginProvider, t.Name }).HasName("staff_user_token_pkey");
    }
}
