-- CreateTable
CREATE TABLE "DeviceNonce" (
    "nonce" TEXT NOT NULL PRIMARY KEY,
    "account" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateIndex
CREATE INDEX "DeviceNonce_createdAt_idx" ON "DeviceNonce"("createdAt");
