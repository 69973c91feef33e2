using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Metadata.Builders;
using Prison.Db.Identity;

namespace Prison.Db.Mappings;

internal sealed class DataProtectionKeyConfiguration : IEntityTypeConfiguration<DataProtectionKey>
{
    public void Configure(EntityTypeBuilder<DataProtectionKey> builder)
    {
        builder.ToTable("data_protection_key");
        builder.HasKey(k => k.Name).HasName("data_protection_key_pkey");
        builder.Property(k => k.Name).HasMaxLength(200).ValueGeneratedNever();
    }
}
