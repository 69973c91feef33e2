using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Metadata.Builders;
using Prison.Db.Import;

namespace Prison.Db.Mappings;

internal sealed class ImportedEntryChangeConfiguration : IEntityTypeConfiguration<ImportedEntryChange>
{
    public void Configure(EntityTypeBuilder<ImportedEntryChange> builder)
    {
        builder.ToTable("imported_entry_change");
        builder.HasKey(e => new { e.Day, e.InmateId, e.Step }).HasName("imported_entry_change_pkey");
        builder.Property(e => e.InmateId).HasMaxLength(32);
        builder.Property(e => e.Step).ValueGeneratedNever();
        builder.Property(e => e.Change).HasConversion<string>().HasMaxLength(16);
    }
}
