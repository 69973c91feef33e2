using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Metadata.Builders;
using Prison.Db.Import;

namespace Prison.Db.Mappings;

internal sealed class ImportedDayConfiguration : IEntityTypeConfiguration<ImportedDay>
{
    public void Configure(EntityTypeBuilder<ImportedDay> builder)
    {
        builder.ToTable("imported_day");
        builder.HasKey(d => d.Day).HasName("imported_day_pkey");
        builder.Property(d => d.Day).ValueGeneratedNever();
        builder.Property(d => d.FileName).HasMaxLength(260);
        builder.Property(d => d.ImportedAtUtc).HasColumnName("imported_at");
    }
}
