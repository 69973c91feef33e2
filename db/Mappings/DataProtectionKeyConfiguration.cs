using Microsoft.AspNetCore.DataProtection.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Metadata.Builders;

namespace Prison.Db.Mappings;

/// <summary>
/// Data protection's own key entity over the table migration 008 made for it: the friendly name ("key-{id}", unique)
/// is the key, and the entity's Id, which data protection never reads, has no column. So the keys stored before
/// the package was used are the same rows, and sessions signed with them stay valid.
/// </summary>
internal sealed class DataProtectionKeyConfiguration : IEntityTypeConfiguration<DataProtectionKey>
{
    public void Configure(EntityTypeBuilder<DataProtectionKey> builder)
    {
        builder.ToTable("data_protection_key");
        builder.Ignore(k => k.Id);
        builder.HasKey(k => k.FriendlyName).HasName("data_protection_key_pkey");
        builder.Property(k => k.FriendlyName).HasColumnName("name").HasMaxLength(200).ValueGeneratedNever().IsRequired();
        builder.Property(k => k.Xml).IsRequired();
    }
}
