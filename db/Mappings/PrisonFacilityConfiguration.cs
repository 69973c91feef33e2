using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Metadata.Builders;
using Prison.Domain;

namespace Prison.Db.Mappings;

internal sealed class PrisonFacilityConfiguration : IEntityTypeConfiguration<PrisonFacility>
{
    public void Configure(EntityTypeBuilder<PrisonFacility> builder)
    {
        builder.ToTable("prison");
        builder.HasKey(p => p.Id).HasName("prison_pkey");
        builder.Property(p => p.Id).ValueGeneratedNever();
        builder.Property(p => p.Code).HasMaxLength(16);
        builder.HasIndex(p => p.Code).IsUnique().HasDatabaseName("prison_code");
        builder.Property(p => p.Name).HasMaxLength(200);
    }
}
