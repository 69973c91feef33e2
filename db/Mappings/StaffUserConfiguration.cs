using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Metadata;
using Microsoft.EntityFrameworkCore.Metadata.Builders;
using Prison.Db.Identity;

namespace Prison.Db.Mappings;

/// <summary>Identity's user table, named like the rest of the schema (Identity's own mapping runs first).</summary>
internal sealed class StaffUserConfiguration : IEntityTypeConfiguration<StaffUser>
{
    public void Configure(EntityTypeBuilder<StaffUser> builder)
    {
        builder.ToTable("staff_user");
        builder.HasKey(u => u.Id).HasName("staff_user_pkey");
        builder.HasIndex(u => u.NormalizedUserName).HasDatabaseName("staff_user_normalized_user_name").IsUnique();
        builder.HasIndex(u => u.NormalizedEmail).HasDatabaseName("staff_user_normalized_email");

        // Identity's update writes every column of the user it read: left alone, a request that read the user before a
        // code was accepted would write the older step back, and the code would sign in again. Only the guarded UPDATE
        // of StaffUserWrites writes it.
        builder.Property(u => u.AuthenticatorTimeStep).Metadata.SetAfterSaveBehavior(PropertySaveBehavior.Ignore);
    }
}
