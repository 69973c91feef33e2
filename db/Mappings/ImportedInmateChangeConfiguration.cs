using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Metadata.Builders;
using Prison.Db.Import;

namespace Prison.Db.Mappings;

internal sealed class ImportedInmateChangeConfiguration : IEntityTypeConfiguration<ImportedInmateChange>
{
    public void Configure(EntityTypeBuilder<ImportedInmateChange> builder)
    {
        builder.ToTable("imported_inmate_change");
        builder.HasKey(c => new { c.Day, c.InmateId }).HasName("imported_inmate_change_pkey");
        builder.Property(c => c.InmateId).HasMaxLength(32);
        builder.Property(c => c.Admitted).HasMaxLength(23);
        builder.Property(c => c.CustodyLevel).HasMaxLength(8);
        builder.Property(c => c.StatusCode).HasMaxLength(8);
        builder.Property(c => c.TopCharge).HasMaxLength(64);
        builder.Property(c => c.LegalStatus).HasConversion<string>().HasMaxLength(16);
        builder.Property(c => c.SecurityCategory).HasConversion<string>().HasMaxLength(1);
        builder.Ignore(c => c.MetFirst);

        builder.HasMany(c => c.Entries).WithOne().HasForeignKey(e => new { e.Day, e.InmateId }).OnDelete(DeleteBehavior.Cascade);
        builder.Navigation(c => c.Entries).HasField("_entries").UsePropertyAccessMode(PropertyAccessMode.Field);
    }
}
