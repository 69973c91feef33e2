using Microsoft.AspNetCore.Identity;
using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Metadata.Builders;

namespace Prison.Db.Mappings;

/// <summary>External sign-ins: unused today (passwords only), mapped because Identity's store expects the table.</summary>
internal sealed class StaffUserLoginConfiguration : IEntityTypeConfiguration<IdentityUserLogin<string>>
{
    public void Configure(EntityTypeBuilder<IdentityUserLogin<string>> builder)
    {
        builder.ToTable("staff_user_login");
        builder.HasKey(l => new { l.LoginProvider, l.ProviderKey }).HasName("staff_user_login_pkey");
        builder.HasIndex(l => l.UserId).HasDatabaseName("staff_user_login_user_id");
    }
}
